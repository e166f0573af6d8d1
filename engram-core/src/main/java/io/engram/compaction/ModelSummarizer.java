package io.engram.compaction;

import io.engram.model.LanguageModel;
import io.engram.model.ModelRequest;
import io.engram.notes.SessionNotes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Optional;

/**
 * Asks a model for the summary: the conversation rendered as text (after any session notes), followed by
 * the ladder's prompt ({@link CompactionPrompt}). Model failures propagate to the ladder.
 */
final class ModelSummarizer implements Summarizer {
  static final String SYSTEM = "You are a helpful AI assistant tasked with summarizing conversations.";

  private final LanguageModel model;
  private final String conversation;
  private final int maxTokens;

  /** A summarizer sending {@code model} the conversation, each tool call's input cut to {@code toolInputChars}. */
  ModelSummarizer(LanguageModel model, List<TranscriptMessage> messages, Optional<SessionNotes> notes, int maxTokens,
      int toolInputChars) {
    this.model = model;
    this.conversation = render(messages, notes, toolInputChars);
    this.maxTokens = maxTokens;
  }

  @Override
  public String summarize(SummaryRequest request) {
    return model.complete(ModelRequest.of(SYSTEM, conversation + "\n\n" + request.prompt(), maxTokens)).text();
  }

  static String render(List<TranscriptMessage> messages, Optional<SessionNotes> notes, int toolInputChars) {
    StringBuilder out = new StringBuilder();
    notes.ifPresent(n -> out.append("Session notes kept for the earlier part of this conversation:\n")
        .append(n.render()).append("\nThe conversation since those notes:\n\n"));
    for (TranscriptMessage m : messages) {
      for (ContentBlock b : m.blocks()) {
        if (b instanceof ContentBlock.Text t) {
          out.append('[').append(m.role().name().toLowerCase(java.util.Locale.ROOT))
              .append(m.kind() == MessageKind.QUEUED_PROMPT
                  ? ", queued at the cut, not yet delivered to the agent" : "").append("]: ")
              .append(t.text()).append('\n');
        } else if (b instanceof ContentBlock.ToolUse u) {
          String input = io.engram.redact.SecretRedactor.standard().head(u.input().toString(), toolInputChars);
          out.append("[tool call ").append(u.name()).append("]: ")
              .append(input.length() > toolInputChars ? input.substring(0, toolInputChars) + " ..." : input)
              .append('\n');
        } else if (b instanceof ContentBlock.ToolResult r) {
          out.append(r.isError() ? "[tool error]: " : "[tool result]: ").append(r.text()).append('\n');
        }
      }
    }
    return out.toString();
  }
}
