import { Route } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadFailed } from "@/components/load-failed.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { ListSkeleton } from "@/components/skeletons.tsx";
import { buttonVariants } from "@/components/ui/button-variants.ts";
import { useBicycles } from "@/features/bicycles/api.ts";
import { NoBicycles } from "@/features/bicycles/components/no-bicycles.tsx";
import { useAllRides } from "@/features/rides/api.ts";
import { RidesList } from "@/features/rides/components/bicycle-rides.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { messages } from "../../shared/messages.ts";

/** Every ride of the user across their bicycles, newest first, with totals; rides are added on a bicycle's page. */
export function RidesPage() {
  usePageTitle("Rides");
  // The page is in the address (?page=2): Back from a ride's bicycle finds the same page.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get("page"));
  // A number beyond what the API takes (not a safe integer) is no page either.
  const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
  const setPage = (next: number) =>
    setSearchParams(next === 1 ? {} : { page: String(next) }, { replace: true });
  const rides = useAllRides(page);
  // A page past the last (rides deleted since, or a hand-made address) shows the last one.
  const pageCount = rides.isPlaceholderData ? undefined : rides.data?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) {
      setSearchParams(pageCount === 1 ? {} : { page: String(pageCount) }, { replace: true });
    }
  }, [page, pageCount, setSearchParams]);
  return (
    <>
      <PageHeader
        title="Rides"
        description="All your rides. Add rides or import ride files on a bicycle's Rides tab."
      />
      {rides.isPending ? (
        <ListSkeleton label="Loading rides..." />
      ) : rides.isError ? (
        <LoadFailed title={messages.rides.loadFailed} onRetry={() => void rides.refetch()} />
      ) : rides.data.totals.rides === 0 ? (
        <NoRidesYet />
      ) : (
        <RidesList page={rides.data} onPage={setPage} showBicycle />
      )}
    </>
  );
}

/** No rides at all: a way to each bicycle's Rides tab, or to the first bicycle when there is none. */
function NoRidesYet() {
  const bicycles = useBicycles();
  if (bicycles.data?.length === 0) return <NoBicycles />;
  return (
    <div className="grid grid-cols-1 justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
      <Route className="size-10 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">{messages.rides.empty}</p>
        <p className="text-muted-foreground">{messages.rides.chooseBicycle}</p>
      </div>
      {bicycles.data ? (
        <ul aria-label="Your bicycles" className="flex max-w-full flex-wrap justify-center gap-2">
          {bicycles.data.map((bicycle) => (
            <li key={bicycle.id} className="max-w-full">
              <Link
                to={`/bicycles/${bicycle.id}?tab=rides`}
                className={`${buttonVariants({ variant: "outline", size: "sm" })} max-w-full`}
              >
                <span className="min-w-0 truncate">{bicycle.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
