import { useEffect } from "react";
import { PRODUCT_NAME } from "../../shared/brand.ts";

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
