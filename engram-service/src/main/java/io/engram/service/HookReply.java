package io.engram.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookRunner;

/**
 * What a hook call prints, wherever it was answered: for an event that adds context, Claude Code's
 * {@code {"hookSpecificOutput":{"hookEventName":...,"additionalContext":...}}} on one line; otherwise
 * nothing.
 */
public final class HookReply {
  // Not ServiceStatus's mapper: the one compact line needs no modules, and a hook call pays for every class it loads.
  private static final ObjectMapper JSON = new ObjectMapper();

  private HookReply() {}

  /** The output in Claude Code's shape, in the order Claude Code documents. */
  record Output(SpecificOutput hookSpecificOutput) {}

  /** The event answered and the context added to the agent's prompt. */
  record SpecificOutput(String hookEventName, String additionalContext) {}

  /** The line to print for {@code answer} of {@code event}; empty when there is nothing to add. */
  public static String stdout(HookEvent event, HookRunner.Answer answer) {
    if (answer.additionalContext().isEmpty()) {
      return "";
    }
    try {
      return JSON.writeValueAsString(new Output(new SpecificOutput(event.hookName(), answer.additionalContext().get())));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the hook's answer", e);
    }
  }
}
