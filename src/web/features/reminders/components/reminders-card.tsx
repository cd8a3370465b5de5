import { CalendarDays } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { CopyButton } from "@/components/copy-button.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { hintClasses } from "@/components/ui/hint-classes.ts";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ReminderSettings } from "../../../../shared/schemas/reminders.ts";
import {
  useNewCalendarLink,
  useReminderSettings,
  useSaveReminderSettings,
  useStopCalendarFeed,
} from "../api.ts";

const linkClasses = "text-primary underline underline-offset-4 hover:decoration-2";

/** The feed's address as calendar apps take it to subscribe (webcal://), and Google Calendar's page for it. */
function subscribeLinks(calendarUrl: string) {
  const webcal = calendarUrl.replace(/^https?:/, "webcal:");
  return {
    webcal,
    google: `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: webcal })}`,
  };
}

/** The daily reminder mail's switch and the private calendar feed (README, "Reminders"). */
export function RemindersCard() {
  const settings = useReminderSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reminders</CardTitle>
        <CardDescription>
          Hear about service intervals that come due, by email or in your calendar app.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        {settings.isPending ? (
          <LinesSkeleton label="Loading reminder settings..." lines={3} />
        ) : settings.isError ? (
          <LoadFailed
            title="Could not load your reminder settings."
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <>
            <EmailDigestSwitch settings={settings.data} />
            <CalendarFeed settings={settings.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EmailDigestSwitch({ settings }: { settings: ReminderSettings }) {
  const id = useId();
  const save = useSaveReminderSettings();
  // Shown at once while it saves; forgotten if the save fails.
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-0.5 size-4 shrink-0 accent-[var(--primary)] pointer-coarse:mt-0 pointer-coarse:size-5"
        checked={choice ?? settings.emailDigest}
        aria-checked={choice ?? settings.emailDigest}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const emailDigest = event.target.checked;
          setChoice(emailDigest);
          save.mutate(
            { emailDigest },
            {
              onSuccess: () => {
                setChoice(null);
                toast.success(messages.reminders.saved);
              },
              onError: (error) => {
                setChoice(null);
                showError(error);
              },
            },
          );
        }}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Email me when service is due</Label>
        <p id={`${id}-hint`} className={hintClasses}>
          At most one mail a day, in your daytime, listing the intervals that became due soon or overdue.
        </p>
      </div>
    </div>
  );
}

/**
 * When the feed is made or turned off, the control that did it is gone (Make calendar link, or Turn off and
 * its dialog): the keyboard goes on from the new address, or from Make calendar link. Only when the focus
 * was lost with it, so a refetch never moves it.
 */
function useFocusAfterFeedChange(hasFeed: boolean) {
  const address = useRef<HTMLInputElement>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const had = useRef(hasFeed);
  useEffect(() => {
    if (had.current === hasFeed) return;
    had.current = hasFeed;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (hasFeed ? address : makeButton).current?.focus();
  }, [hasFeed]);
  return { address, makeButton };
}

function CalendarFeed({ settings }: { settings: ReminderSettings }) {
  const id = useId();
  const newLink = useNewCalendarLink();
  const stop = useStopCalendarFeed();
  const { address, makeButton } = useFocusAfterFeedChange(settings.calendarUrl !== null);
  const make = () =>
    newLink.mutateAsync().then(
      () => toast.success(settings.calendarUrl ? messages.reminders.newLink : messages.reminders.linkMade),
      (error: unknown) => {
        showError(error);
        throw error;
      },
    );
  return (
    <div className="grid gap-2">
      <h3 className="flex items-center gap-2 font-medium">
        <CalendarDays aria-hidden="true" className="size-4" /> Calendar feed
      </h3>
      <p className={hintClasses}>
        Subscribe to this private address in your calendar app to see when each interval comes due: the date
        for intervals in months, and the expected day at your last 90 days' riding pace for distance and
        hours. Anyone with the address can read these dates.
      </p>
      {settings.calendarUrl ? (
        <>
          <Label htmlFor={id} className="sr-only">
            Calendar feed address
          </Label>
          <div className="flex min-w-0 gap-2">
            <Input
              ref={address}
              id={id}
              readOnly
              value={settings.calendarUrl}
              className="min-w-0 font-mono text-xs"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={settings.calendarUrl} label="Copy" done="Calendar link copied" size="default" />
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <a className={linkClasses} href={subscribeLinks(settings.calendarUrl).webcal}>
              Subscribe in your calendar app
            </a>
            <a
              className={linkClasses}
              href={subscribeLinks(settings.calendarUrl).google}
              target="_blank"
              rel="noopener noreferrer"
            >
              Add to Google Calendar
            </a>
          </div>
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  New link
                </Button>
              }
              title="Make a new calendar link?"
              description="Calendars subscribed to the current address stop updating. Subscribe to the new address instead."
              confirmLabel="Make new link"
              pendingLabel="Making..."
              onConfirm={make}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Turn off
                </Button>
              }
              title="Turn off the calendar feed?"
              description="Calendars subscribed to this address stop updating. You can make a new link later."
              confirmLabel="Turn off"
              pendingLabel="Turning off..."
              onConfirm={() =>
                stop.mutateAsync().then(
                  () => toast.success(messages.reminders.feedStopped),
                  (error: unknown) => {
                    showError(error);
                    throw error;
                  },
                )
              }
            />
          </div>
        </>
      ) : (
        <div>
          <Button
            ref={makeButton}
            variant="outline"
            size="sm"
            disabled={newLink.isPending}
            onClick={() => void make().catch(() => {})}
          >
            {newLink.isPending ? "Making..." : "Make calendar link"}
          </Button>
        </div>
      )}
    </div>
  );
}
