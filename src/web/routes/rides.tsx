import { useState } from "react";
import { PageHeader } from "@/components/page-header.tsx";
import { ListSkeleton } from "@/components/skeletons.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useAllRides } from "@/features/rides/api.ts";
import { RidesList } from "@/features/rides/components/bicycle-rides.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { messages } from "../../shared/messages.ts";

/** Every ride of the user across their bicycles, newest first, with totals; rides are added on a bicycle's page. */
export function RidesPage() {
  usePageTitle("Rides");
  const [page, setPage] = useState(1);
  const rides = useAllRides(page);
  return (
    <>
      <PageHeader
        title="Rides"
        description="All your rides. Add rides or import ride files on a bicycle's Rides tab."
      />
      {rides.isPending ? (
        <ListSkeleton label="Loading rides..." />
      ) : rides.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{messages.rides.loadFailed}</AlertTitle>
          <AlertDescription>
            <Button size="sm" variant="outline" onClick={() => void rides.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <RidesList page={rides.data} onPage={setPage} showBicycle />
      )}
    </>
  );
}
