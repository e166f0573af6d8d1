package io.engram.hooks;

import io.engram.config.RecallSettings;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.MemorySection;
import io.engram.recall.RecallQuery;
import io.engram.recall.RecentActivity;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * UserPromptSubmit's part of the context: the memories {@link MemoryRecall} finds for the prompt (and the agent's
 * recent activity), never one already surfaced in the session, within the session's byte budget and the room left
 * under the character cap; those that do not fit are named, with how to read them.
 */
final class PromptRecall {
  private final ProjectMemory memory;
  private final RecallSettings settings;
  private final MemoryRecall recall;

  PromptRecall(ProjectMemory memory, RecallSettings settings, MemoryRecall recall) {
    this.memory = memory;
    this.settings = settings;
    this.recall = recall;
  }

  /** Adds the memories recalled for {@code input}'s prompt to {@code out}; the session's state after them. */
  HookState fill(HookInput input, HookState state, InjectedContext out) throws IOException {
    String prompt = input.prompt().orElse("");
    int left = settings.bytesPerSession() - state.recallBytes();
    if (prompt.isBlank() || left <= 0) {
      return state;
    }
    MemoryRecall.Outcome found = recall.recall(RecallQuery.ofPrompt(prompt, activity(input)), state.surfacedSet(),
        state.recallBytes());
    List<RecalledMemory> chosen = found.result().memories();
    if (chosen.isEmpty()) {
      return state;
    }
    out.addWhole("# Memories Engram recalled for this prompt (" + found.retrieval() + ")\n\n");
    List<String> sent = new ArrayList<>();
    int bytes = 0;
    for (RecalledMemory r : chosen) {
      String block = MemorySection.of(r, memory) + "\n\n";
      if (out.addWhole(block)) {
        out.sent(r.name(), block.length(), r.reason());
        sent.add(r.name());
        bytes += r.content().getBytes(StandardCharsets.UTF_8).length;
      } else {
        out.leftOut(r.name());
      }
    }
    return state.withSurfaced(sent, bytes);
  }

  /**
   * What the agent has been doing, from the end of the session's transcript (files edited, the last error),
   * searched beside the prompt; none when the transcript is missing or cannot be read, as recall must not
   * fail the prompt.
   */
  private Optional<String> activity(HookInput input) {
    if (settings.contextShare() <= 0 || input.transcriptPath().isEmpty()) {
      return Optional.empty();
    }
    try {
      return RecentActivity.ofTranscriptTail(input.transcriptPath().get(), settings);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
