package io.engram.cli.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sample project {@code engram demo} writes: a small TypeScript service ("parcel-api") with a Redis
 * cache whose TTL handling has a bug, a project {@code CLAUDE.md} that imports {@code docs/testing.md}, a
 * personal {@code CLAUDE.local.md} (git-ignored) and a user-level {@code ~/.claude/CLAUDE.md}.
 */
final class DemoProject {
  /** The model the demo's transcripts name; the demo's settings give it a small window. */
  static final String MODEL = "claude-sonnet-4-5";
  /** The demo's window, small so that one short session crosses 60, 80 and 92%. */
  static final int WINDOW_TOKENS = 16_000;

  private DemoProject() {}

  /** Writes the project under {@code project} and the user file under {@code userHome}; returns the paths written. */
  static List<Path> write(Path project, Path userHome) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("package.json", """
        {
          "name": "parcel-api",
          "version": "0.4.2",
          "private": true,
          "packageManager": "pnpm@9.12.0",
          "scripts": {
            "build": "tsc -p .",
            "test": "vitest run",
            "test:unit": "vitest run src --exclude '**/*.int.test.ts'",
            "lint": "eslint src"
          },
          "dependencies": { "ioredis": "^5.4.1", "fastify": "^4.28.1" },
          "devDependencies": { "typescript": "^5.6.3", "vitest": "^2.1.4", "eslint": "^9.14.0" }
        }
        """);
    files.put("pnpm-lock.yaml", "lockfileVersion: '9.0'\n\nimporters:\n  .:\n    dependencies:\n      ioredis:\n"
        + "        specifier: ^5.4.1\n        version: 5.4.1\n");
    files.put("tsconfig.json", "{ \"compilerOptions\": { \"target\": \"ES2022\", \"module\": \"NodeNext\","
        + " \"strict\": true, \"outDir\": \"dist\" }, \"include\": [\"src\"] }\n");
    files.put("src/cache.ts", """
        import Redis from "ioredis";

        export interface CacheOptions { ttlSeconds: number }

        /** A read-through cache for parcel lookups, kept in Redis. */
        export class ParcelCache {
          constructor(private readonly redis: Redis, private readonly options: CacheOptions) {}

          async get(id: string): Promise<string | null> {
            return this.redis.get(`parcel:${id}`);
          }

          async put(id: string, value: string): Promise<void> {
            // BUG: the TTL is passed in milliseconds mode with a seconds value
            await this.redis.set(`parcel:${id}`, value, "PX", this.options.ttlSeconds);
          }
        }
        """);
    files.put("src/cache.int.test.ts", """
        import Redis from "ioredis";
        import { describe, expect, it } from "vitest";
        import { ParcelCache } from "./cache";

        describe("ParcelCache (integration)", () => {
          const redis = new Redis({ host: "127.0.0.1", port: 6379 });
          const cache = new ParcelCache(redis, { ttlSeconds: 60 });

          it("keeps a parcel for its TTL", async () => {
            await cache.put("p-1", "in transit");
            expect(await redis.ttl("parcel:p-1")).toBe(60);
          });
        });
        """);
    files.put("src/server.ts", "import Fastify from \"fastify\";\n\nexport const app = Fastify();\n"
        + "app.get(\"/health\", async () => ({ ok: true }));\n");
    files.put("docs/testing.md", """
        # Testing

        - Unit tests: `pnpm test:unit` (no services needed).
        - Integration tests (`*.int.test.ts`) talk to real services; see the project CLAUDE.md.
        - CI runs `pnpm test` on every pull request.
        """);
    files.put("CLAUDE.md", """
        # parcel-api

        A small Fastify service that tracks parcels, with a Redis cache in front of the database.

        ## Conventions

        - TypeScript strict mode; no `any`.
        - Keep handlers thin; logic lives in `src/*.ts` modules with tests beside them.

        ## Testing

        @docs/testing.md
        """);
    files.put("CLAUDE.local.md", "- I am on the parcels team; my test data lives under /tmp/parcels.\n");
    files.put(".gitignore", "node_modules/\ndist/\nCLAUDE.local.md\n");
    List<Path> written = new java.util.ArrayList<>();
    for (Map.Entry<String, String> e : files.entrySet()) {
      written.add(writeFile(project.resolve(e.getKey()), e.getValue()));
    }
    written.add(writeFile(userHome.resolve(".claude").resolve("CLAUDE.md"),
        "# My preferences\n\n- Explain a fix in two sentences before showing the diff.\n"));
    return List.copyOf(written);
  }

  /** The demo's settings: only the small window of {@link #MODEL}; everything else is the default. */
  static String settingsJson() {
    return "{ \"context\": { \"modelWindows\": { \"" + MODEL + "\": " + WINDOW_TOKENS + " } } }\n";
  }

  private static Path writeFile(Path path, String text) throws IOException {
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
    return path;
  }
}
