import { describe, expect, it } from "vitest";
import { importUrlSchema } from "./import.ts";

const fetched = (url: string) => importUrlSchema.parse({ url }).url;

describe("the maker's page address", () => {
  it("is fetched over https when pasted without its scheme", () => {
    expect(fetched("www.trekbikes.com/us/en_US/bikes/p/12345/")).toBe(
      "https://www.trekbikes.com/us/en_US/bikes/p/12345/",
    );
    expect(fetched("  canyon.com/en-de/road-bikes/ ")).toBe("https://canyon.com/en-de/road-bikes/");
    expect(fetched("//www.example.com/spec")).toBe("https://www.example.com/spec");
    expect(fetched("shop.example.com:8443/bike")).toBe("https://shop.example.com:8443/bike");
  });

  it("keeps a full address as it is, and leaves other schemes for the fetcher to refuse", () => {
    expect(fetched("http://www.example.com/spec")).toBe("http://www.example.com/spec");
    expect(fetched("HTTPS://www.example.com/spec")).toBe("HTTPS://www.example.com/spec");
    expect(fetched("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(fetched("file:///etc/passwd")).toBe("file:///etc/passwd");
  });
});
