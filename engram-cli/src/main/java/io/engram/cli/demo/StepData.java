package io.engram.cli.demo;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Optional;

/** What a step of the demo measured: the {@code data} of each step in {@code demo --json}, one record per step. */
sealed interface StepData {

  /** A step that measured nothing (skipped, or failed before it could). */
  record None() implements StepData {}

  /** The sample project: where it was written, its files, the demo's window and the engine. */
  record Project(String directory, List<String> files, int windowTokens, String engine) implements StepData {}

  /** The instruction-file ledger of a session in the sample project. */
  record Instructions(List<LedgerRow> files, long totalTokens, int warnings) implements StepData {}

  /** One file of the ledger. */
  record LedgerRow(String level, String path, int chars, int tokens, boolean imported) {}

  /** Session one: its transcript and every turn. */
  record SessionOne(String transcript, int records, List<Turn> turns) implements StepData {}

  /** One turn of session one: the prompt, the window after it, what the hooks remembered and recalled. */
  record Turn(int turn, String prompt, long contextTokens, String level, List<String> remembered,
      List<String> recalled) {}

  /** Where session one first crossed each warning level; a level never crossed is left out. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record Levels(Optional<Crossing> warning, Optional<Crossing> urgent, Optional<Crossing> critical)
      implements StepData {}

  /** The first request above a level: its turn, transcript line, tokens and share of the window. */
  record Crossing(int turn, int line, long tokens, double percent) {}

  /** The session notes: each update the hooks made, what the notes cover, and their handover after compaction. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record Notes(List<NotesUpdate> updates, Optional<Integer> coveredMessages, Optional<Integer> chars,
      boolean handedOverAfterCompaction) implements StepData {}

  /** One notes update: the turn, the hook that made it, the window then and the hook's log line. */
  record NotesUpdate(int turn, String hook, long contextTokens, String log) {}

  /** The compaction: its score, sizes and what it restored (the parts' fields inline in the JSON). */
  record Compaction(String engine, Optional<Score> score, @JsonUnwrapped Tokens tokens, int notesCoveredMessages,
      int ladderSteps, List<String> sections, @JsonUnwrapped Restored restored) implements StepData {}

  /** The compacted messages' tokens before and after, and how much shorter they became. */
  record Tokens(long tokensBefore, long tokensAfter, double reductionPercent) {}

  /** What was put back after the summary: files, open todos, and how many instruction files. */
  record Restored(List<String> restoredFiles, List<String> openTodos, int instructionFiles) {}

  /** The compaction score and its four parts, rounded to a tenth; the compression ratio to a thousandth. */
  record Score(double total, double sections, double keyInformation, double continuity, double compression,
      double ratio) {}

  /** The memories after session one. */
  record Memories(List<MemoryRow> memories) implements StepData {}

  /** One memory: name, type, description and who said it. */
  record MemoryRow(String name, String type, String description, String source) {}

  /** Session two: what SessionStart and UserPromptSubmit put into the new session. */
  record SessionTwo(List<String> sessionStart, List<String> recalled, String recallEngine, int contextChars)
      implements StepData {}

  /** The dream: what the SessionEnd hook said, the forced run's outcome and the memories after it. */
  record Dream(List<String> sessionEnd, String outcome, String engine, int sessions, List<String> changes,
      List<String> memoriesAfter) implements StepData {}
}
