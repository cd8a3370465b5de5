import { type RefObject, useEffect, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { useAuthOptions } from "@/features/auth/auth-options.ts";
import { useBicycles } from "@/features/bicycles/api.ts";
import { toast } from "@/lib/toaster.ts";
import { formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { StravaBike, StravaOutcome } from "../../../../shared/schemas/strava.ts";
import {
  needsReconnect,
  rateLimited,
  useConnectStrava,
  useDisconnectStrava,
  useImportStravaRides,
  useMapStravaBike,
  useStravaBikes,
  useStravaStatus,
} from "../api.ts";

const m = messages.strava;

/** What the address says after Strava sent the user back (features/strava/routes.ts). */
const OUTCOMES: Record<StravaOutcome, { ok: boolean; title: string; description: string }> = {
  connected: {
    ok: true,
    title: "Strava connected",
    description: "Choose which bicycle each of your Strava bikes is, then import your past rides.",
  },
  denied: { ok: false, title: "Strava not connected", description: "Access was not granted on Strava." },
  scope: {
    ok: false,
    title: "Strava not connected",
    description:
      "Velolog needs to read your activities (private ones too) and your bikes. Please connect again and keep those boxes ticked.",
  },
  taken: {
    ok: false,
    title: "Strava not connected",
    description: "This Strava account is already connected to another Velolog account.",
  },
  failed: {
    ok: false,
    title: "Strava not connected",
    description: "Connecting did not complete. Please try again.",
  },
};

function useOutcomeToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("strava") as StravaOutcome | null;
  useEffect(() => {
    if (!outcome) return;
    const said = OUTCOMES[outcome];
    if (said)
      (said.ok ? toast.success : toast.error)(said.title, { id: "strava", description: said.description });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("strava");
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}

/** Account Settings' Strava card: only on an instance with Strava configured. */
export function StravaCard() {
  const options = useAuthOptions();
  const enabled = options.data?.strava === true;
  useOutcomeToast();
  if (!enabled) return null;
  return <StravaConnection />;
}

function StravaConnection() {
  const status = useStravaStatus(true);
  const connect = useConnectStrava();
  const connection = status.data?.connection ?? null;
  const automaticSync = status.data?.automaticSync ?? false;
  // Disconnecting takes the dialog and its button away with the rest of the connection: the keyboard
  // goes on from "Connect Strava", which takes their place.
  const connectButton = useRef<HTMLButtonElement>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Strava</CardTitle>
        <CardDescription>
          Rides recorded on Strava count towards the wear of your bicycles' components.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {status.isPending ? (
          <LinesSkeleton label="Checking your Strava connection..." lines={2} />
        ) : status.isError ? (
          // Not "Connect Strava": a connected rider would be told they are not.
          <LoadFailed title={m.statusFailed} onRetry={() => void status.refetch()} />
        ) : connection ? (
          <Connected
            athleteName={connection.athleteName}
            connectedAt={connection.connectedAt}
            automaticSync={automaticSync}
            afterDisconnecting={connectButton}
          />
        ) : (
          <div className="grid gap-3">
            <p className="text-muted-foreground">{automaticSync ? m.introAutomatic : m.introManual}</p>
            <div>
              <Button ref={connectButton} onClick={() => connect.mutate()} disabled={connect.isPending}>
                {connect.isPending ? "Opening Strava..." : "Connect Strava"}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Connected({
  athleteName,
  connectedAt,
  automaticSync,
  afterDisconnecting,
}: {
  athleteName: string;
  connectedAt: string;
  automaticSync: boolean;
  /** Where the keyboard goes once disconnected (while connected it is not in the page: the dialog's own). */
  afterDisconnecting: RefObject<HTMLButtonElement | null>;
}) {
  const bikes = useStravaBikes(true);
  const importRides = useImportStravaRides();
  const disconnect = useDisconnectStrava();
  const connect = useConnectStrava();
  const reconnect = bikes.isError && needsReconnect(bikes.error);
  const anyMapped = bikes.data?.some((bike) => bike.bicycleId !== null) ?? false;
  const whyId = useId();
  // Why "Import past rides" cannot be used now, as its tooltip says.
  const importBlocked = bikes.isPending
    ? m.importWhy.loading
    : reconnect
      ? m.importWhy.reconnect
      : bikes.isError
        ? m.importWhy.failed
        : bikes.data.length === 0
          ? m.importWhy.noBikes
          : anyMapped
            ? null
            : m.importWhy.unmapped;
  const result = importRides.data;
  const stopped = importRides.isError && rateLimited(importRides.error) ? importRides.error.message : null;
  return (
    <div className="grid gap-4">
      <p>
        Connected as <span className="font-medium">{athleteName}</span>
        <span className="text-muted-foreground"> since {formatDate(connectedAt)}</span>
      </p>
      {bikes.isPending ? (
        <LinesSkeleton label="Reading your Strava bikes..." lines={2} />
      ) : reconnect ? (
        <div className="grid gap-3">
          <p className="text-destructive" role="alert">
            {m.reconnect}
          </p>
          <div>
            <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
              {connect.isPending ? "Opening Strava..." : m.connectAgain}
            </Button>
          </div>
        </div>
      ) : bikes.isError ? (
        <div className="grid gap-3">
          <p className="text-destructive" role="alert">
            {/* Strava's limit says when it takes requests again (in 15 minutes, or tomorrow). */}
            {rateLimited(bikes.error) ? bikes.error.message : m.bikesFailed}
          </p>
          <div>
            <Button variant="outline" onClick={() => void bikes.refetch()} disabled={bikes.isFetching}>
              {bikes.isFetching ? "Trying again..." : "Try again"}
            </Button>
          </div>
        </div>
      ) : bikes.data.length === 0 ? (
        <p className="text-muted-foreground">
          Your Strava account has no bikes. Add your bikes under Gear on Strava, then come back here.
        </p>
      ) : (
        <div className="grid gap-3">
          <ul className="grid gap-3" aria-label="Strava bikes">
            {bikes.data.map((bike) => (
              <BikeMapping key={bike.id} bike={bike} />
            ))}
          </ul>
          {/* Why "Import past rides" is disabled, in words: its tooltip is out of reach of touch and keyboard. */}
          {anyMapped ? null : (
            <p id={whyId} className="text-muted-foreground">
              {m.needsBike}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => importRides.mutate()}
            disabled={importBlocked !== null || importRides.isPending}
            title={importBlocked ?? undefined}
            aria-describedby={importBlocked === m.importWhy.unmapped ? whyId : undefined}
          >
            {importRides.isPending ? "Importing..." : "Import past rides"}
          </Button>
          <ConfirmDialog
            trigger={<Button variant="outline">Disconnect</Button>}
            title="Disconnect Strava?"
            description="Velolog forgets your Strava access and which bicycle each Strava bike is. New rides on Strava no longer come in; the rides already imported stay."
            confirmLabel="Disconnect"
            pendingLabel="Disconnecting..."
            returnFocusTo={afterDisconnecting}
            onConfirm={() =>
              disconnect.mutateAsync().then(() => toast.success("Strava disconnected", { id: "strava" }))
            }
          />
        </div>
        <p aria-live="polite" className={stopped ? "text-destructive" : "text-muted-foreground"}>
          {result
            ? m.imported(result)
            : stopped
              ? stopped
              : // Nothing comes in while Strava refuses the access: the message above says what to do.
                reconnect
                ? null
                : automaticSync
                  ? m.hintAutomatic
                  : m.hintManual}
        </p>
      </div>
    </div>
  );
}

function BikeMapping({ bike }: { bike: StravaBike }) {
  const id = useId();
  const bicycles = useBicycles();
  const map = useMapStravaBike();
  return (
    <li className="grid gap-1.5 sm:grid-cols-[1fr_minmax(0,16rem)] sm:items-center sm:gap-4">
      <label htmlFor={id} className="font-medium wrap-anywhere">
        {bike.name}
      </label>
      <NativeSelect
        id={id}
        value={bike.bicycleId ?? ""}
        disabled={map.isPending || bicycles.isPending}
        onChange={(event) =>
          map.mutate({ gearId: bike.id, bicycleId: event.target.value === "" ? null : event.target.value })
        }
      >
        <option value="">Not imported</option>
        {bicycles.data?.map((bicycle) => (
          <option key={bicycle.id} value={bicycle.id}>
            {bicycle.name}
          </option>
        ))}
      </NativeSelect>
    </li>
  );
}
