/** The signed-in user, as the session check sets it and services and adapters receive it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}
