import { useQuery } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";

export const passportKey = (bicycleId: string) => ["passport", bicycleId] as const;

export function usePassport(bicycleId: string) {
  return useQuery({
    queryKey: passportKey(bicycleId),
    queryFn: () => call(client.bicycles[":id"].passport.$get(byId(bicycleId))),
  });
}

/** The PDF's address: a plain link downloads it (the server names it after the bicycle). */
export function passportPdfUrl(bicycleId: string, includeCosts: boolean): string {
  return `/api/bicycles/${encodeURIComponent(bicycleId)}/passport.pdf?costs=${includeCosts}`;
}
