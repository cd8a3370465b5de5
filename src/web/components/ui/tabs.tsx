import { Tabs as TabsPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "@/lib/utils.ts";

/**
 * Radix draws the tab list (roving focus, arrow keys, activation); the panels are drawn here (decision
 * 0056). Radix's panel reads its computed style as it mounts, to animate an exit, which made the browser
 * style the whole new page inside React's commit; these panels have no exit animation.
 */
const TabsContext = React.createContext<{ value: string; baseId: string } | null>(null);

function useTabs(part: string) {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`${part} must be inside Tabs`);
  return context;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value: valueProp,
  defaultValue = "",
  onValueChange,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const value = valueProp ?? uncontrolled;
  const baseId = React.useId();
  const context = React.useMemo(() => ({ value, baseId }), [value, baseId]);
  return (
    <TabsContext.Provider value={context}>
      <TabsPrimitive.Root
        value={value}
        onValueChange={(next) => {
          if (valueProp === undefined) setUncontrolled(next);
          onValueChange?.(next);
        }}
        {...props}
      />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex h-9 w-fit pointer-coarse:h-[calc(2.75rem+6px)] items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  onMouseDown,
  value,
  ...props
}: Omit<React.ComponentProps<typeof TabsPrimitive.Trigger>, "id" | "aria-controls">) {
  const { baseId } = useTabs("TabsTrigger");
  return (
    <TabsPrimitive.Trigger
      value={value}
      id={tabId(baseId, value)}
      aria-controls={panelId(baseId, value)}
      onMouseDown={(event) => {
        // Radix focuses a clicked tab by script, which the browser may take for keyboard focus (the ring,
        // on a page's first click): focus it first as a pointer focus, so the ring stays for the keyboard.
        if (event.button === 0 && !event.ctrlKey) event.currentTarget.focus({ focusVisible: false });
        onMouseDown?.(event);
      }}
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30",
        className,
      )}
      {...props}
    />
  );
}

/** The panel of the tab `value`: rendered only while that tab is selected. */
export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "id" | "role" | "hidden"> & { value: string }) {
  const context = useTabs("TabsContent");
  const selected = context.value === value;
  return (
    <div
      role="tabpanel"
      id={panelId(context.baseId, value)}
      aria-labelledby={tabId(context.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop (WAI-ARIA tabs pattern), as Radix's was
      tabIndex={0}
      className={cn(
        "flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
