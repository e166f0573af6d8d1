package io.engram.cli.demo;

import java.util.List;
import java.util.Optional;

/**
 * One step of {@code engram demo}: what it showed (narration lines), what it measured ({@code data}, the
 * machine-readable record of {@code --json}), and whether it ran.
 *
 * @param id stable identifier ({@code instructions}, {@code session-one}, ...)
 * @param title the heading shown to a person
 * @param status {@code ok}, {@code skipped} (the layer is not built yet; {@code reason} says which) or
 *     {@code failed} (the story's check did not hold; {@code reason} says what)
 * @param narration the lines shown under the heading
 * @param data the step's outcome
 * @param reason why it was skipped or failed
 */
record DemoStep(String id, String title, String status, List<String> narration, StepData data,
    Optional<String> reason) {

  DemoStep {
    narration = List.copyOf(narration);
  }

  static DemoStep ok(String id, String title, List<String> narration, StepData data) {
    return new DemoStep(id, title, "ok", narration, data, Optional.empty());
  }

  static DemoStep skipped(String id, String title, String reason) {
    return new DemoStep(id, title, "skipped", List.of(), new StepData.None(), Optional.of(reason));
  }

  DemoStep failed(String why) {
    return new DemoStep(id, title, "failed", narration, data, Optional.of(why));
  }
}
