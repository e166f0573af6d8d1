package io.engram.cli.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The two sessions {@code engram demo} replays, turn by turn. Session one: a user debugging a failing
 * integration test who says which package manager the project uses and that the tests need Redis.
 * Session two, a day later: a new session that asks how to run the tests.
 */
final class DemoStory {
  /** The prompt of session two. */
  static final String QUESTION = "how do I run the tests?";


  private DemoStory() {}

  /** Session one's turns; each writes one user prompt and the agent's work on it. */
  static List<Consumer<DemoTranscript>> sessionOne() {
    List<Consumer<DemoTranscript>> turns = new ArrayList<>();
    turns.add(t -> {
      t.user("The parcel cache tests started failing after yesterday's refactor. Can you find out why?");
      t.tool("Let me run the test suite first.", "Bash", Map.of("command", "npm test", "description", "Run tests"),
          """
          npm warn config This project is configured to use pnpm (packageManager: pnpm@9.12.0).
          npm error code EUSAGE
          npm error Missing script dependencies: node_modules not found. Run `npm install` first.
          npm error A complete log of this run can be found in:
          npm error     /home/dev/.npm/_logs/2026-05-11T09_12_44_120Z-debug-0.log""",
          true);
      t.tool("Meanwhile, yesterday's refactor of the cache:", "Bash",
          Map.of("command", "git log -p -2 -- src/cache.ts"), DemoToolOutput.GIT_LOG, false);
      t.say("npm refuses to run without node_modules, and yesterday's commit rewrote `ParcelCache.put`."
          + " I can run `npm install` to create node_modules.");
    });
    turns.add(t -> {
      t.user("No - we use pnpm, not npm: run the tests with `pnpm test`."
          + " npm would create a package-lock.json we don't want.");
      t.tool("Understood, switching to pnpm.", "Bash", Map.of("command", "pnpm install --frozen-lockfile"),
          DemoToolOutput.pnpmInstall(), false);
      t.tool("", "Bash", Map.of("command", "pnpm test"), DemoToolOutput.vitest(false, false), true);
      t.say("The unit tests pass. Both integration tests fail with `Error: connect ECONNREFUSED 127.0.0.1:6379`:"
          + " nothing is listening on Redis's port.");
    });
    turns.add(t -> {
      t.user("Right, remember: the integration tests need a local Redis on 6379."
          + " I start it with `docker run -d -p 6379:6379 redis:7`.");
      t.tool("Starting Redis and running the tests again.", "Bash",
          Map.of("command", "docker run -d -p 6379:6379 redis:7"),
          "Unable to find image 'redis:7' locally\n7: Pulling from library/redis\nDigest: sha256:"
              + "5a93f6b2e391b78e8bd3f9e7e1e1c4d0b2a6c1f1b7f0c3a9d2e4f5a6b7c8d9e0\n"
              + "Status: Downloaded newer image for redis:7\n"
              + "3f2c9a7d1e8b4c6f0a5d2e7b9c1f4a8d6e3b0c7f2a9d5e1b8c4f6a0d3e7b2c9",
          false);
      t.tool("", "Bash", Map.of("command", "pnpm test"), DemoToolOutput.vitest(true, false), true);
      t.tool("One test left: the TTL is -1 instead of 60. Tracking the work:", "TodoWrite", Map.of("todos", List.of(
          todo("Fix the TTL in ParcelCache.put", "in_progress"),
          todo("Add a test that a parcel expires", "pending"),
          todo("Document the Redis step in docs/testing.md", "pending"))),
          "Todos have been modified successfully.", false);
      t.tool("", "Read", Map.of("file_path", "src/cache.ts"), DemoToolOutput.numbered(DemoToolOutput.CACHE_TS), false);
      t.say("Found it: `put` passes the TTL with `PX`, which Redis reads as milliseconds, so a 60-second TTL"
          + " becomes 60 ms and the key is gone before the test reads it. The fix is `EX` (seconds).");
    });
    turns.add(t -> {
      t.user("Makes sense, fix it.");
      t.tool("", "Edit", Map.of("file_path", "src/cache.ts", "old_string", "\"PX\", this.options.ttlSeconds",
          "new_string", "\"EX\", this.options.ttlSeconds"), "The file src/cache.ts has been updated.", false);
      t.tool("", "Bash", Map.of("command", "pnpm test"), DemoToolOutput.vitest(true, true), false);
      t.tool("", "TodoWrite", Map.of("todos", List.of(
          todo("Fix the TTL in ParcelCache.put", "completed"),
          todo("Add a test that a parcel expires", "in_progress"),
          todo("Document the Redis step in docs/testing.md", "pending"))),
          "Todos have been modified successfully.", false);
      t.say("Fixed: `ParcelCache.put` now uses `EX`, and all " + DemoToolOutput.testCount()
          + " tests pass.");
    });
    turns.add(t -> {
      t.user("Add a test that a parcel really expires, but keep it fast.");
      t.tool("", "Write", Map.of("file_path", "src/cache.expiry.int.test.ts", "content", DemoToolOutput.EXPIRY_TEST),
          "File created successfully at: src/cache.expiry.int.test.ts", false);
      t.tool("", "Bash", Map.of("command", "pnpm test"), DemoToolOutput.vitest(true, true), false);
      t.say("Added `src/cache.expiry.int.test.ts`: it stores a parcel with a 1-second TTL and checks it is gone"
          + " after 1.1 s. The suite still passes.");
    });
    turns.add(t -> {
      t.user("While you are at it, run the linter; CI fails on warnings since last week.");
      t.tool("", "Bash", Map.of("command", "pnpm lint"), DemoToolOutput.eslint(), true);
      t.tool("Most warnings come from src/labels.ts. Reading it:", "Read", Map.of("file_path", "src/labels.ts"),
          DemoToolOutput.numbered(DemoToolOutput.labelsTs()), false);
      t.tool("", "Edit", Map.of("file_path", "src/labels.ts", "old_string", "let unusedScale = 1;\n",
          "new_string", ""), "The file src/labels.ts has been updated.", false);
      t.say("The warnings are unused variables in src/labels.ts; I removed them. `pnpm lint` is clean now.");
    });
    turns.add(t -> {
      t.user("Now run the whole suite with coverage and tell me what is not covered.");
      t.tool("", "Bash", Map.of("command", "pnpm vitest run --coverage"), DemoToolOutput.coverage(), false);
      t.say("Coverage is 87% of lines. Not covered: the error branch of `server.ts` (health check failure)"
          + " and `labels.ts` PDF fallback.");
    });
    turns.add(t -> {
      t.user("Good. Put the Redis step into docs/testing.md, then we can open the PR."
          + " The release freeze starts next Friday, so it has to land before then.");
      t.tool("", "Edit", Map.of("file_path", "docs/testing.md", "old_string", "- CI runs",
          "new_string", "- Start Redis first: `docker run -d -p 6379:6379 redis:7`.\n- CI runs"),
          "The file docs/testing.md has been updated.", false);
      t.tool("", "TodoWrite", Map.of("todos", List.of(
          todo("Fix the TTL in ParcelCache.put", "completed"),
          todo("Add a test that a parcel expires", "completed"),
          todo("Document the Redis step in docs/testing.md", "completed"),
          todo("Open a pull request with the TTL fix", "pending"))),
          "Todos have been modified successfully.", false);
      t.say("docs/testing.md now says to start Redis first. Next: open the pull request.");
    });
    return List.copyOf(turns);
  }

  /** Session two: one question about running the tests, answered from what Engram recalled. */
  static Consumer<DemoTranscript> sessionTwo(String answer) {
    return t -> {
      t.user(QUESTION);
      t.say(answer);
    };
  }

  private static Map<String, String> todo(String content, String status) {
    return Map.of("content", content, "status", status, "activeForm", content);
  }

}
