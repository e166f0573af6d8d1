package io.engram.cli.demo;

import io.engram.memory.StoredMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Session two's check: what the SessionStart and UserPromptSubmit hooks put into the new session's context. */
final class DemoRecall {
  private DemoRecall() {}

  /** The session-two step from the two hooks' context; fails unless Redis was recalled and pnpm arrived. */
  static DemoStep step(String atStart, String recalled, List<StoredMemory> all) {
    List<String> startNames = namesIn(atStart, all);
    List<String> recallNames = namesIn(recalled, all);
    List<String> lines = new ArrayList<>();
    lines.add("SessionStart injected: " + (atStart.contains("MEMORY.md") ? "the MEMORY.md index" : "no index")
        + (startNames.isEmpty() ? "" : " and " + String.join(", ", startNames)));
    lines.add("user: \"" + DemoStory.QUESTION + "\"");
    String engine = recallEngine(recalled);
    lines.add("UserPromptSubmit recalled (" + engine + "): " + (recallNames.isEmpty() ? "nothing"
        : String.join(", ", recallNames)));
    lines.add("the agent can answer: start Redis on 6379, then `pnpm test`");
    DemoStep step = DemoStep.ok("session-two", "Session two: \"" + DemoStory.QUESTION + "\"", lines,
        new StepData.SessionTwo(startNames, recallNames, engine, atStart.length() + recalled.length()));
    Optional<StoredMemory> redis = find(all, "redis");
    Optional<StoredMemory> pnpm = find(all, "pnpm");
    if (redis.isEmpty() || !recallNames.contains(redis.get().name())) {
      return step.failed("recall for \"" + DemoStory.QUESTION + "\" did not surface the Redis memory");
    }
    if (pnpm.isEmpty() || !(recallNames.contains(pnpm.get().name()) || startNames.contains(pnpm.get().name()))) {
      return step.failed("session two did not receive the pnpm memory");
    }
    return step;
  }

  /** The engine the hook's recall header names ("# Memories Engram recalled for this prompt (keyword search)"). */
  private static String recallEngine(String recalled) {
    String header = recalled.lines().findFirst().orElse("");
    int open = header.lastIndexOf('(');
    return open >= 0 && header.endsWith(")") ? header.substring(open + 1, header.length() - 1) : "recall";
  }

  /** The first memory whose name, description or body mentions {@code word}. */
  static Optional<StoredMemory> find(List<StoredMemory> all, String word) {
    return all.stream().filter(m -> (m.name() + " " + m.memory().description() + " " + m.memory().body())
        .toLowerCase(Locale.ROOT).contains(word)).findFirst();
  }

  /** The memories a hook's context holds, by their section headings ("## name (type)"). */
  static List<String> namesIn(String context, List<StoredMemory> all) {
    return all.stream().map(StoredMemory::name).filter(n -> context.contains("## " + n + " (")).toList();
  }
}
