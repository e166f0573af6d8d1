package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Workflow facts established by what a session did, not by what anyone said: the task tracker whose
 * commands it ran ({@link TrackerUse}), the checks its commits had to pass ({@link CommitChecks}), a code
 * generator run after schema changes ({@link GeneratorUse}), a gitignored folder it force-added ({@link
 * IgnoredPaths}), and the test command it ran repeatedly with success when no commit check already names it.
 *
 * <p>Only the agent's tool calls and how they ended count (their output names the checks a hook refused
 * with, nothing more). Each fact is a project memory with source {@link CandidateSource#SESSION}, its body
 * saying which calls show it, in which session, on which day.
 */
final class SessionWork {
  /** Successful runs of one test command that make it a fact. */
  static final int TEST_RUNS = 3;

  private SessionWork() {}

  /**
   * The facts {@code turns} establish; with {@code from}, only those established by a call at or after that
   * index (the earlier turns were read by an earlier pass, which wrote what they established).
   */
  static List<MemoryCandidate> candidates(List<TurnText> turns, int from, ExtractionSettings.Offline limits) {
    List<WorkEvent> events = WorkEvent.of(turns);
    List<WorkFact> facts = new ArrayList<>();
    TrackerUse.find(events).ifPresent(facts::add);
    Optional<WorkFact> checks = CommitChecks.find(events, limits);
    checks.ifPresent(facts::add);
    GeneratorUse.find(turns, events, limits).ifPresent(facts::add);
    IgnoredPaths.find(events).ifPresent(facts::add);
    testCommand(events).filter(t -> checks.isEmpty() || !checks.get().fact().contains("`" + t.name() + "`"))
        .map(SessionWork::testFact).ifPresent(facts::add);
    List<MemoryCandidate> out = new ArrayList<>();
    for (WorkFact f : facts) {
      if (f.establishedAt() >= from) {
        out.add(candidate(f, turns, limits.descriptionChars()));
      }
    }
    return out;
  }

  /** Which of the person's turns the calls were in ("turns 1-2"), and from when to when (UTC). */
  private static String where(List<Integer> calls, List<TurnText> turns) {
    java.util.TreeSet<Integer> numbers = new java.util.TreeSet<>();
    int person = 0;
    int next = 0;
    List<Integer> sorted = calls.stream().sorted().toList();
    for (int i = 0; i < turns.size() && next < sorted.size(); i++) {
      person += turns.get(i).role() == TurnRole.USER ? 1 : 0;
      while (next < sorted.size() && sorted.get(next) == i) {
        numbers.add(Math.max(1, person));
        next++;
      }
    }
    String which = numbers.size() == 1 ? "turn " + numbers.first()
        : "turns " + numbers.stream().map(String::valueOf).collect(Collectors.joining(", "));
    Instant first = turns.get(sorted.get(0)).timestamp();
    Instant last = turns.get(sorted.get(sorted.size() - 1)).timestamp();
    if (first.equals(Instant.EPOCH)) {
      return "in " + which;
    }
    java.time.format.DateTimeFormatter hm = java.time.format.DateTimeFormatter.ofPattern("HH:mm");
    return "in " + which + " of the session, " + hm.format(first.atZone(ZoneOffset.UTC)) + "-"
        + hm.format(last.atZone(ZoneOffset.UTC)) + " UTC";
  }

  private record TestRuns(String name, int runs, List<Integer> turns, int establishedAt) {}

  /** The test command that passed most often, when it passed at least {@link #TEST_RUNS} times. */
  private static Optional<TestRuns> testCommand(List<WorkEvent> events) {
    Map<String, List<Integer>> passed = new LinkedHashMap<>();
    for (WorkEvent e : events) {
      if (CheckCommands.test(e.simple()) && e.passed()) {
        passed.computeIfAbsent(CheckCommands.check(e.simple()).orElse(e.simple()), k -> new ArrayList<>())
            .add(e.turn());
      }
    }
    return passed.entrySet().stream()
        .filter(p -> p.getValue().size() >= TEST_RUNS)
        .max(java.util.Comparator.comparingInt(p -> p.getValue().size()))
        .map(p -> new TestRuns(p.getKey(), p.getValue().size(), p.getValue(), p.getValue().get(TEST_RUNS - 1)));
  }

  private static WorkFact testFact(TestRuns t) {
    return new WorkFact("test-command", "How to run the tests: " + t.name(),
        "Tests run with `" + t.name() + "`.", "it passed " + t.runs() + " times", t.turns(), t.establishedAt());
  }

  private static MemoryCandidate candidate(WorkFact f, List<TurnText> turns, int descriptionChars) {
    TurnText at = turns.get(f.establishedAt());
    String when = at.timestamp().equals(Instant.EPOCH) ? ""
        : ", " + at.timestamp().atZone(ZoneOffset.UTC).toLocalDate();
    String session = at.sessionId().isEmpty() ? "this session" : "session " + at.sessionId();
    String body = f.fact() + "\n\nEstablished by what " + session + when + " did: " + f.evidence() + " ("
        + where(f.turns(), turns) + ").";
    return new MemoryCandidate(CandidateAction.CREATE, f.name(), Terms.clip(f.description(), descriptionChars),
        CandidateType.PROJECT, body, new MemoryCandidate.Provenance(CandidateSource.SESSION, true,
        new Evidence(f.establishedAt(), 0, at.text().length(), at.text()), RuleConfidence.SHOWN));
  }
}
