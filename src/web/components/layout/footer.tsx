import { Link } from "react-router";
import { useAppConfig } from "@/lib/app-config.ts";
import { PRODUCT_NAME, TAGLINE } from "../../../shared/brand.ts";

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

export function Footer({ signedIn }: { signedIn: boolean }) {
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
    <footer className="border-t bg-muted/30 pb-20 md:pb-0">
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
