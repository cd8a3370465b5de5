import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { demoView } from "../../../shared/domain/demo.ts";
import type { DemoData } from "../../../shared/domain/demo-schema.ts";

/** The read-only demo that visitors without a session see; never written anywhere. */
export function useDemo(enabled = true) {
  const query = useQuery({
    queryKey: ["demo"],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch("/demo-data.json");
      if (!response.ok) throw new Error(`demo data: ${response.status}`);
      // Our own bundled file, checked against demoDataSchema by demo.test.ts (no zod in the browser here).
      return demoView((await response.json()) as DemoData);
    },
  });
  useEffect(() => {
    if (query.isError) toast.error("Error", { description: "Failed to load demo data" });
  }, [query.isError]);
  return query;
}
