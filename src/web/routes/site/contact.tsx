import { Link } from "react-router";
import { ProsePage } from "@/components/prose-page.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useAppConfig } from "@/lib/app-config.ts";

export function ContactPage() {
  const { supportEmail } = useAppConfig();
  const { data: session } = useSession();
  return (
    <ProsePage title="Contact" description="How to reach the people who run this Velolog.">
      <p>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We answer questions about your
        account, billing and your data, usually within two business days.
      </p>
      {session ? (
        <p>
          Ideas and bug reports are welcome through the <Link to="/feedback">feedback form</Link> too.
        </p>
      ) : (
        <p>
          Signed-in users can also send ideas and bug reports through the feedback form. Many questions are
          answered in the <Link to="/faq">FAQ</Link>.
        </p>
      )}
      <p>
        To report a security problem, see the <Link to="/security-policy">Security Policy</Link>.
      </p>
    </ProsePage>
  );
}
