import { Link } from "react-router";
import { useAppConfig } from "@/lib/app-config.ts";
import { PRODUCT_NAME, TAGLINE } from "../../../shared/brand.ts";

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/**
 * The site's footer. Signed in, small screens get one slim line above the tab bar instead of the four
 * columns (the app's pages are for using it; the columns stay on wide screens and for visitors).
 */
export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn ? <SlimFooter /> : null}
      <FullFooter
        signedIn={signedIn}
        className={signedIn ? "hidden md:block" : "pb-[calc(5rem+env(safe-area-inset-bottom))] md:pb-0"}
      />
    </>
  );
}

const slimLinks: FooterLink[] = [
  { label: "Help", to: "/faq" },
  { label: "Feedback", to: "/feedback" },
  { label: "Privacy", to: "/privacy-policy" },
  { label: "Terms", to: "/terms-of-service" },
];

function SlimFooter() {
  return (
    <footer className="border-t pb-[calc(5rem+env(safe-area-inset-bottom))] md:hidden">
      <nav aria-label="Footer" className="px-4 py-3">
        <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </li>
          {slimLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className="hover:text-foreground hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}

function FullFooter({ signedIn, className }: { signedIn: boolean; className: string }) {
  const { supportEmail } = useAppConfig();
  const columns: { title: string; links: FooterLink[] }[] = [
    {
      title: "Product",
      links: [
        { label: "Dashboard", to: "/dashboard" },
        { label: "Bicycles", to: "/bicycles" },
        { label: "Parts Bin", to: "/parts-bin" },
        { label: "Pricing", to: "/pricing" },
      ],
    },
    {
      title: "Resources",
      links: [
        { label: "About", to: "/about" },
        { label: "FAQ", to: "/faq" },
        { label: "Sitemap", to: "/sitemap" },
        // Served by the server, not a page of the app: a plain link.
        { label: "API", to: "/api/docs", external: true },
      ],
    },
    {
      title: "Support",
      links: [
        { label: "Contact", to: `mailto:${supportEmail}`, external: true },
        { label: "Help Center", to: "/faq" },
        ...(signedIn ? [{ label: "Feedback", to: "/feedback" }] : []),
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "Privacy Policy", to: "/privacy-policy" },
        { label: "Terms of Service", to: "/terms-of-service" },
        { label: "Cookie Policy", to: "/cookie-policy" },
        { label: "Refund Policy", to: "/refund-policy" },
        { label: "Acceptable Use Policy", to: "/acceptable-use-policy" },
        { label: "Data Processing Agreement", to: "/data-processing-agreement" },
        { label: "Security Policy", to: "/security-policy" },
      ],
    },
  ];
  return (
    <footer className={`border-t bg-muted/30 ${className}`}>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 md:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
            <ul className="grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                      {link.label}
                    </a>
                  ) : (
                    <Link
                      to={link.to}
                      className="text-muted-foreground hover:text-foreground hover:underline"
                    >
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground">
          © {new Date().getFullYear()} {PRODUCT_NAME}. {TAGLINE}
        </p>
      </div>
    </footer>
  );
}
