import { Navigate, useSearchParams } from "react-router";
import { Logo } from "@/components/layout/logo.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { useSession } from "@/features/auth/api.ts";
import { SignInForm } from "@/features/auth/components/sign-in-form.tsx";
import { SignUpForm } from "@/features/auth/components/sign-up-form.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { PRODUCT_NAME, TAGLINE } from "../../shared/messages.ts";

export function AuthPage() {
  usePageTitle("Sign In");
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  if (session && params.get("mode") !== "update-password") return <Navigate to="/" replace />;
  const tab = params.get("tab") === "signup" ? "signup" : "signin";

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <Logo />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>{TAGLINE}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs
            value={tab}
            onValueChange={(value) =>
              setParams(value === "signup" ? { tab: "signup" } : {}, { replace: true })
            }
          >
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
