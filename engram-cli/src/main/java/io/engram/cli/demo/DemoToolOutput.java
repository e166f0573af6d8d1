package io.engram.cli.demo;

/** The tool outputs of the demo's session one, shaped like the real tools' (vitest, pnpm, eslint, git, Read). */
final class DemoToolOutput {
  // pnpm draws its progress bar 80 characters wide; the demo's tool output is what pnpm prints.
  private static final int PNPM_BAR = 80;
  static final String[] SUITES = {
    "parcels", "routes", "tracking", "labels", "carriers", "webhooks", "billing", "notifications"
  };
  static final String[] CASES = {
    "returns 404 for an unknown parcel", "accepts a valid tracking number", "rejects a malformed id",
    "paginates the parcel list", "normalises carrier codes", "retries a failed webhook twice",
    "signs the webhook payload", "renders a label as PDF", "rounds weights to grams",
    "keeps the audit trail in order", "rejects an expired API key", "answers the health check"
  };

  private DemoToolOutput() {}

  /** How many tests the suite has once the fix and the expiry test are in. */
  static int testCount() {
    return SUITES.length * CASES.length + 2;
  }

  static String pnpmInstall() {
    StringBuilder out = new StringBuilder("Lockfile is up to date, resolution step is skipped\nPackages: +412\n");
    out.append("+".repeat(PNPM_BAR)).append('\n');
    String[] deps = {"fastify 4.28.1", "ioredis 5.4.1", "typescript 5.6.3", "vitest 2.1.4", "eslint 9.14.0",
        "@vitest/coverage-v8 2.1.4", "pino 9.5.0", "zod 3.23.8"};
    for (int i = 0; i < 412; i += 12) {
      out.append("Progress: resolved ").append(i).append(", reused ").append(i).append(", downloaded 0, added ")
          .append(i).append('\n');
    }
    out.append("\ndependencies:\n");
    for (String d : deps) {
      out.append("+ ").append(d).append('\n');
    }
    return out.append("\nDone in 4.2s\n").toString();
  }

  static String vitest(boolean redisUp, boolean fixed) {
    StringBuilder out = new StringBuilder("\n RUN  v2.1.4 /home/dev/parcel-api\n\n");
    int passed = 0;
    for (String suite : SUITES) {
      out.append(" ✓ src/").append(suite).append(".test.ts (").append(CASES.length).append(" tests) ")
          .append(40 + suite.length() * 7).append("ms\n");
      for (String c : CASES) {
        out.append("   ✓ ").append(suite).append(" > ").append(c).append(' ').append(3 + c.length() % 17)
            .append("ms\n");
        passed++;
      }
    }
    int failed = 0;
    if (!redisUp) {
      out.append(" ❯ src/cache.int.test.ts (1 test | 1 failed)\n   × ParcelCache (integration) > keeps a parcel for"
          + " its TTL\n     → connect ECONNREFUSED 127.0.0.1:6379\n\n")
          .append("Error: connect ECONNREFUSED 127.0.0.1:6379\n")
          .append("    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)\n")
          .append("    at Socket.<anonymous> (node_modules/ioredis/built/Redis.js:170:41)\n");
      failed = 1;
    } else if (!fixed) {
      out.append(" ❯ src/cache.int.test.ts (1 test | 1 failed)\n   × ParcelCache (integration) > keeps a parcel for"
          + " its TTL\n\nAssertionError: expected -1 to be 60 // Object.is equality\n")
          .append(" ❯ src/cache.int.test.ts:12:46\n     10|     await cache.put(\"p-1\", \"in transit\");\n")
          .append("     11|     expect(await redis.ttl(\"parcel:p-1\")).toBe(60);\n");
      failed = 1;
    } else {
      out.append(" ✓ src/cache.int.test.ts (1 test) 18ms\n ✓ src/cache.expiry.int.test.ts (1 test) 1104ms\n");
      passed += 2;
    }
    out.append("\n Test Files  ").append(failed > 0 ? failed + " failed | " : "").append(SUITES.length)
        .append(" passed\n      Tests  ").append(failed > 0 ? failed + " failed | " : "").append(passed)
        .append(" passed\n   Duration  2.31s\n");
    return out.toString();
  }

  static String coverage() {
    StringBuilder out = new StringBuilder(vitest(true, true));
    out.append("\n % Coverage report from v8\n")
        .append("-------------------|---------|----------|---------|---------|-------------------\n")
        .append("File               | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s\n")
        .append("-------------------|---------|----------|---------|---------|-------------------\n");
    for (String suite : SUITES) {
      out.append(String.format(" %-18s|   %5.2f |    %5.2f |   %5.2f |   %5.2f | %s%n", suite + ".ts",
          80 + suite.length() * 1.7, 70 + suite.length() * 2.1, 90.0, 81 + suite.length() * 1.6,
          suite.length() * 3 + "-" + (suite.length() * 3 + 4)));
    }
    out.append(" cache.ts          |  100.00 |   100.00 |  100.00 |  100.00 |\n")
        .append(" server.ts         |   66.67 |    50.00 |   50.00 |   66.67 | 4-6\n");
    return out.toString();
  }

  static String eslint() {
    StringBuilder out = new StringBuilder();
    String[] rules = {"@typescript-eslint/no-unused-vars", "@typescript-eslint/no-explicit-any", "prefer-const",
        "no-console", "@typescript-eslint/no-floating-promises"};
    int warnings = 0;
    for (String suite : SUITES) {
      out.append("\n/home/dev/parcel-api/src/").append(suite).append(".ts\n");
      for (int i = 0; i < 9; i++) {
        String rule = rules[(suite.length() + i) % rules.length];
        out.append(String.format("  %d:%d  warning  %s  %s%n", 12 + i * 7, 3 + i % 5,
            rule.endsWith("vars") ? "'unusedScale" + i + "' is assigned a value but never used"
                : rule.endsWith("any") ? "Unexpected any. Specify a different type"
                : rule.equals("prefer-const") ? "'label" + i + "' is never reassigned. Use 'const' instead"
                : rule.equals("no-console") ? "Unexpected console statement"
                : "Promises must be awaited, end with a call to .catch, or be explicitly marked as ignored",
            rule));
        warnings++;
      }
    }
    return out.append("\n✖ ").append(warnings).append(" problems (0 errors, ").append(warnings)
        .append(" warnings)\n\nESLint found too many warnings (maximum: 0).\n")
        .append(" ELIFECYCLE  Command failed with exit code 1.\n")
        .toString();
  }

  static String labelsTs() {
    StringBuilder out = new StringBuilder("import PDFDocument from \"pdfkit\";\n")
        .append("import { Parcel } from \"./parcels\";\n\n");
    String[] carriers = {"dhl", "ups", "fedex", "dpd", "gls", "royalmail", "postnl", "colissimo", "usps"};
    for (String c : carriers) {
      out.append("/** Renders a ").append(c.toUpperCase()).append(" label: sender, recipient, barcode. */\n")
          .append("export function ").append(c).append("Label(doc: PDFDocument, parcel: Parcel): void {\n")
          .append("  let unusedScale = 1;\n")
          .append("  doc.fontSize(10).text(`").append(c.toUpperCase()).append(" ${parcel.service}`, 24, 24);\n")
          .append("  doc.text(parcel.sender.name, 24, 40).text(parcel.sender.street).text(parcel.sender.city);\n")
          .append("  doc.text(parcel.recipient.name, 24, 96).text(parcel.recipient.street)")
          .append(".text(parcel.recipient.city);\n")
          .append("  doc.rect(24, 150, 240, 60).stroke();\n")
          .append("  doc.font(\"Code128\").fontSize(32).text(parcel.trackingNumber, 32, 160);\n")
          .append("}\n\n");
    }
    return out.toString();
  }

  static String numbered(String text) {
    StringBuilder out = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      out.append(String.format("%6d→%s%n", i + 1, lines[i]));
    }
    return out.toString();
  }

  static final String CACHE_TS = """
      import Redis from "ioredis";

      export interface CacheOptions { ttlSeconds: number }

      /** A read-through cache for parcel lookups, kept in Redis. */
      export class ParcelCache {
        constructor(private readonly redis: Redis, private readonly options: CacheOptions) {}

        async get(id: string): Promise<string | null> {
          return this.redis.get(`parcel:${id}`);
        }

        async put(id: string, value: string): Promise<void> {
          await this.redis.set(`parcel:${id}`, value, "PX", this.options.ttlSeconds);
        }
      }""";

  static final String GIT_LOG = """
      commit 9c1e4b7a2f3d5e6c8b0a1d2e3f4a5b6c7d8e9f01
      Author: Dana Lee <dana@parcel.example>
      Date:   Sun May 10 17:42:08 2026 +0200

          cache: one code path for get/put, drop the setex helper

      diff --git a/src/cache.ts b/src/cache.ts
      index 3b1f0a2..8d4e9c1 100644
      --- a/src/cache.ts
      +++ b/src/cache.ts
      @@ -1,22 +1,17 @@
       import Redis from "ioredis";
      -import { setex } from "./redis-helpers";

       export interface CacheOptions { ttlSeconds: number }

       /** A read-through cache for parcel lookups, kept in Redis. */
       export class ParcelCache {
         constructor(private readonly redis: Redis, private readonly options: CacheOptions) {}

         async get(id: string): Promise<string | null> {
      -    const hit = await this.redis.get(`parcel:${id}`);
      -    if (hit === null) {
      -      return null;
      -    }
      -    return hit;
      +    return this.redis.get(`parcel:${id}`);
         }

         async put(id: string, value: string): Promise<void> {
      -    await setex(this.redis, `parcel:${id}`, this.options.ttlSeconds, value);
      +    await this.redis.set(`parcel:${id}`, value, "PX", this.options.ttlSeconds);
         }
       }

      commit 41d2a9c7e0b3f5a8c6d4e2f0a9b7c5d3e1f0a2b4
      Author: Sam Ortiz <sam@parcel.example>
      Date:   Tue Apr 28 09:15:31 2026 +0200

          cache: read-through cache for parcel lookups
      """;

  static final String EXPIRY_TEST = """
      import Redis from "ioredis";
      import { expect, it } from "vitest";
      import { ParcelCache } from "./cache";

      it("forgets a parcel after its TTL", async () => {
        const redis = new Redis({ host: "127.0.0.1", port: 6379 });
        await new ParcelCache(redis, { ttlSeconds: 1 }).put("p-2", "delivered");
        await new Promise((r) => setTimeout(r, 1100));
        expect(await redis.get("parcel:p-2")).toBeNull();
      });
      """;
}
