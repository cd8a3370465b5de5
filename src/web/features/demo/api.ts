import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/lib/toaster.ts";
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
      // The demo's code loads with its data: a signed-in rider's pages never load it.
      const [{ demoView }, data] = await Promise.all([
        import("../../../shared/domain/demo.ts"),
        response.json() as Promise<DemoData>,
      ]);
      return demoView(data);
    },
  });
  useEffect(() => {
    if (query.isError) toast.error("Error", { description: "Failed to load demo data" });
  }, [query.isError]);
  return query;
}
