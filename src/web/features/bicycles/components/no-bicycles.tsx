import { Bike, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { messages } from "../../../../shared/messages.ts";

/**
 * No bicycles yet: the spec's sentence and the button that starts the first one. With `onAdd` the button
 * opens the add form in place; without it, it links to the bicycles page with the form open.
 */
export function NoBicycles({ onAdd }: { onAdd?: () => void }) {
  const label = (
    <>
      <Plus aria-hidden="true" /> Add your first bicycle
    </>
  );
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
      <Bike className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">{messages.bicycles.empty}</p>
      {onAdd ? (
        <Button onClick={onAdd}>{label}</Button>
      ) : (
        <Button asChild>
          <Link to="/bicycles?add">{label}</Link>
        </Button>
      )}
    </div>
  );
}
