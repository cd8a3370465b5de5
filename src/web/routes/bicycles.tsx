import { Plus, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { CardGridSkeleton, LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useBicycles, useCreateBicycle } from "@/features/bicycles/api.ts";
import { BicycleCard } from "@/features/bicycles/components/bicycle-card.tsx";
import { BicycleLimitNotice } from "@/features/bicycles/components/bicycle-limit-notice.tsx";
import { NoBicycles } from "@/features/bicycles/components/no-bicycles.tsx";
import { useDemo } from "@/features/demo/api.ts";
import { DemoBanner } from "@/features/demo/components/demo-banner.tsx";
import { showError } from "@/lib/error-handler.ts";
import { useReturnFocus } from "@/lib/focus.ts";
import { useSubscription } from "@/lib/subscription.ts";
import { toast } from "@/lib/toaster.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { messages } from "../../shared/messages.ts";

// The form (react-hook-form, its schema and the photo picker) loads when Add Bicycle is first pressed.
const BicycleForm = lazy(async () => ({
  default: (await import("@/features/bicycles/components/bicycle-form.tsx")).BicycleForm,
}));

export function BicyclesPage() {
  const { data: session } = useSession();
  usePageTitle(session ? "My Bicycles" : "Demo Bicycles");
  return session ? <MyBicycles /> : <DemoBicycles />;
}

function MyBicycles() {
  const bicycles = useBicycles();
  const subscription = useSubscription();
  const create = useCreateBicycle();
  const navigate = useNavigate();
  // The dashboard's "Add your first bicycle" links here with ?add to open the form at once.
  const [searchParams] = useSearchParams();
  const [adding, setAdding] = useState(searchParams.has("add"));
  // The form takes the keyboard as it opens (its first field); closed, it gives it back to Add Bicycle.
  const addButton = useRef<HTMLButtonElement>(null);
  const rememberOpener = useReturnFocus(adding, addButton);
  const startAdding = () => {
    rememberOpener();
    setAdding(true);
  };

  const count = bicycles.data?.length ?? 0;
  const limit = subscription.data?.bicycleLimit;
  // null: no limit (billing off); undefined: the plan is still loading.
  const atLimit = limit != null && count >= limit;

  return (
    <>
      <PageHeader
        title="My Bicycles"
        description="Every bicycle you ride, with its components and service history."
        actions={
          adding ? null : (
            <Button ref={addButton} onClick={startAdding} disabled={atLimit || bicycles.isPending}>
              <Plus aria-hidden="true" /> Add Bicycle
            </Button>
          )
        }
      />
      <div className="grid gap-6">
        {atLimit && limit != null ? (
          <BicycleLimitNotice limit={limit} count={count} canUpgrade={!subscription.data?.subscribed} />
        ) : null}
        {adding && !atLimit ? (
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>Add Bicycle</CardTitle>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Close the add form"
                onClick={() => setAdding(false)}
              >
                <X />
              </Button>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<LinesSkeleton label="Loading form..." />}>
                <BicycleForm
                  idPrefix="add-bicycle"
                  submitLabel="Add Bicycle"
                  onCancel={() => setAdding(false)}
                  onSave={async (input) => {
                    let bicycle: Awaited<ReturnType<typeof create.mutateAsync>>;
                    try {
                      bicycle = await create.mutateAsync(input);
                    } catch (error) {
                      showError(error, {
                        fallback: messages.bicycles.addFailed,
                        limitTitle: messages.bicycles.limitTitle,
                      });
                      throw error;
                    }
                    toast.success(messages.bicycles.added);
                    // The new bicycle's page: its set-up checklist leads on to components and a photo.
                    navigate(`/bicycles/${bicycle.id}`);
                  }}
                />
              </Suspense>
            </CardContent>
          </Card>
        ) : null}
        {bicycles.isPending ? (
          <CardGridSkeleton label="Loading bicycles..." />
        ) : bicycles.isError ? (
          <LoadFailed title={messages.bicycles.loadFailed} onRetry={() => void bicycles.refetch()} />
        ) : bicycles.data.length === 0 ? (
          adding ? null : (
            <NoBicycles onAdd={startAdding} />
          )
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Bicycles">
            {bicycles.data.map((bicycle) => (
              <li key={bicycle.id}>
                <BicycleCard bicycle={bicycle} href={`/bicycles/${bicycle.id}`} heading="h2" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function DemoBicycles() {
  const demo = useDemo();
  return (
    <>
      <PageHeader
        title="Demo Bicycles"
        description="A read-only look at what Velolog keeps for you."
        actions={
          <DisabledHint hint={messages.bicycles.signUpToCreate}>
            <Button aria-disabled="true">
              <Plus aria-hidden="true" /> Add Bicycle
            </Button>
          </DisabledHint>
        }
      />
      <div className="grid gap-6">
        <DemoBanner />
        {demo.isPending ? (
          <CardGridSkeleton label="Loading bicycles..." />
        ) : demo.data ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Bicycles">
            {demo.data.bicycles.map((bicycle) => (
              <li key={bicycle.id}>
                <BicycleCard bicycle={bicycle} href={`/bicycles/${bicycle.id}`} heading="h2" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
