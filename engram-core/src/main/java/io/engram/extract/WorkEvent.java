package io.engram.extract;

import java.util.List;

/**
 * One simple command of a session's shell calls, with where it was run and how its line ended: the unit
 * the workflow rules count.
 *
 * @param turn index of the tool-call text in the extractor's input
 * @param simple the simple command ({@link Commands#split})
 * @param line the whole command line it was part of
 * @param succeeded true when the line ended without an error flag and, for a check, its output reports no failure
 * @param output the start of what the line printed
 */
record WorkEvent(int turn, String simple, String line, boolean succeeded, String output) {

  /** The shell commands among {@code turns}, in order; a call's other tools are left out. */
  static List<WorkEvent> of(List<TurnText> turns) {
    List<WorkEvent> out = new java.util.ArrayList<>();
    for (int i = 0; i < turns.size(); i++) {
      TurnText t = turns.get(i);
      if (t.role() != TurnRole.TOOL_CALL || t.memoryWritten() || t.call().isEmpty() || !t.call().get().shell()) {
        continue;
      }
      ToolCall c = t.call().get();
      for (String simple : Commands.split(c.input())) {
        out.add(new WorkEvent(i, simple, c.input(), c.succeeded(), c.output()));
      }
    }
    return List.copyOf(out);
  }

  /** The command in lower case. */
  String lower() {
    return Commands.lower(simple);
  }

  /** True when this ran successfully and its output does not report failures. */
  boolean passed() {
    return succeeded && !Commands.outputReportsFailure(output);
  }
}
