import { Link } from "react-router";
import { ProsePage } from "@/components/prose-page.tsx";
import { POLICIES } from "./policies.tsx";

const sections: { title: string; links: [string, string][] }[] = [
  {
    title: "Velolog",
    links: [
      ["/", "Home"],
      ["/dashboard", "Dashboard (demo when signed out)"],
      ["/bicycles", "Bicycles"],
      ["/parts-bin", "Parts Bin"],
      ["/auth", "Sign in or sign up"],
    ],
  },
  {
    title: "Information",
    links: [
      ["/about", "About"],
      ["/pricing", "Pricing"],
      ["/faq", "FAQ"],
      ["/contact", "Contact"],
    ],
  },
  { title: "Legal", links: Object.entries(POLICIES).map(([slug, policy]) => [`/${slug}`, policy.title]) },
];

export function SitemapPage() {
  return (
    <ProsePage title="Sitemap" description="Every public page of the site.">
      <div className="grid gap-8 sm:grid-cols-3">
        {sections.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2>{section.title}</h2>
            <ul className="mt-2">
              {section.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </ProsePage>
  );
}
