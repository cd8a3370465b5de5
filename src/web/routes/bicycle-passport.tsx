import { useQueryClient } from "@tanstack/react-query";
import { Download, Printer } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Navigate, useParams } from "react-router";
import { BackLink } from "@/components/back-link.tsx";
import { DetailSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Label } from "@/components/ui/label.tsx";
import { passportKey, passportPdfUrl, usePassport } from "@/features/passport/api.ts";
import { PassportDocument } from "@/features/passport/components/passport-document.tsx";
import { PassportQr } from "@/features/passport/components/passport-qr.tsx";
import { showError } from "@/lib/error-handler.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";

/** /bicycles/:bicycleId/passport: the bicycle's service passport, to print or download as a PDF. */
export function BicyclePassportPage() {
  const { bicycleId = "" } = useParams();
  const passport = usePassport(bicycleId);
  const queryClient = useQueryClient();
  const [includeCosts, setIncludeCosts] = useState(true);
  const costsId = useId();
  usePageTitle(passport.data ? `Service passport: ${passport.data.bicycle.name}` : "Service passport");

  useEffect(() => {
    if (passport.isError) showError(passport.error, { fallback: "Error loading the service passport" });
  }, [passport.isError, passport.error]);

  if (passport.isError) return <Navigate to="/bicycles" replace />;
  if (passport.isPending) return <DetailSkeleton label="Loading service passport..." />;
  const { bicycle } = passport.data;
  return (
    <div className="grid gap-6">
      <BackLink to={`/bicycles/${bicycle.id}`} className="print:hidden">
        Back to {bicycle.name}
      </BackLink>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <div className="flex items-center gap-2">
          <input
            id={costsId}
            type="checkbox"
            className="size-4 accent-[var(--primary)] pointer-coarse:size-5"
            checked={includeCosts}
            onChange={(event) => setIncludeCosts(event.target.checked)}
          />
          <Label htmlFor={costsId}>Include costs</Label>
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
          <Button asChild>
            <a href={passportPdfUrl(bicycle.id, includeCosts)} download>
              <Download aria-hidden="true" /> Download PDF
            </a>
          </Button>
        </div>
      </div>
      <PassportDocument
        passport={passport.data}
        includeCosts={includeCosts}
        qr={
          <PassportQr
            bicycleId={bicycle.id}
            passport={passport.data}
            includeCosts={includeCosts}
            onCreated={() => queryClient.invalidateQueries({ queryKey: passportKey(bicycle.id) })}
          />
        }
      />
    </div>
  );
}
