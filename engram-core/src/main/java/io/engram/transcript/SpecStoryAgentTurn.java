package io.engram.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An agent section of a SpecStory file ({@link SpecStoryMarkdown}) as messages: text and thinking gathered into one
 * message until a tool call closes it, each call's result after it as a tool result, once nothing after it can still
 * mark it cancelled. A part between {@code ---} lines that is a bare call of the Cursor extension's first versions is
 * read by {@link SpecStoryUntagged}; a tagged or labelled call by {@link SpecStoryTool}.
 */
final class SpecStoryAgentTurn {
  private final SpecStoryMarkdown.Reading reading;
  private final SpecStoryMarkdown.Section section;
  private final List<ContentBlock> blocks = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();
  /** Where the message being gathered starts; 0 while it holds nothing. */
  private int firstLine;
  private SpecStoryTool.Call pending;

  SpecStoryAgentTurn(SpecStoryMarkdown.Reading reading, SpecStoryMarkdown.Section section) {
    this.reading = reading;
    this.section = section;
  }

  void read() {
    List<SpecStoryPiece> part = new ArrayList<>();
    for (SpecStoryPiece unit : section.units()) {
      if (unit.kind() == SpecStoryPiece.Kind.SEPARATOR) {
        part(part);
        part = new ArrayList<>();
      } else {
        part.add(unit);
      }
    }
    part(part);
    settle();
    flushText();
    flush();
  }

  private void part(List<SpecStoryPiece> part) {
    if (part.stream().allMatch(SpecStoryPiece::blank)) {
      return;
    }
    Optional<String> cancelled = SpecStoryUntagged.cancellation(part);
    if (cancelled.isPresent() && pending != null) {
      pending = pending.failed(cancelled.get());
      return;
    }
    settle();
    Optional<SpecStoryTool.Call> bare = SpecStoryUntagged.bare(part,
        reading.unnamedCalls && reading.agent == CodingAgent.CURSOR);
    if (bare.isPresent()) {
      call(bare.get());
      return;
    }
    for (int i = 0; i < part.size(); i++) {
      SpecStoryPiece unit = part.get(i);
      switch (unit.kind()) {
        case THINK -> {
          flushText();
          startsAt(unit.line());
          reading.count("thinking");
          blocks.add(new ContentBlock.Thinking(SpecStoryTool.thought(unit.lines())));
        }
        case TOOL -> call(SpecStoryTool.tagged(unit.lines(), unit.line(), reading.agent));
        default -> {
          if (unit.kind() == SpecStoryPiece.Kind.TEXT
              && SpecStoryTool.LABELLED.matcher(unit.lines().get(0)).matches()) {
            call(SpecStoryTool.labelled(part.subList(i, part.size()), unit.line(), reading.agent));
            return;
          }
          if (!unit.blank()) {
            startsAt(unit.line());
          }
          unit.lines().forEach(l -> text.append(l).append('\n'));
        }
      }
    }
    text.append('\n');
  }

  private void call(SpecStoryTool.Call call) {
    settle();
    flushText();
    reading.count("tool");
    startsAt(call.line());
    blocks.add(call.use());
    flush();
    pending = call;
  }

  private void startsAt(int line) {
    firstLine = firstLine == 0 ? line : firstLine;
  }

  private void flushText() {
    String said = text.toString().strip();
    text.setLength(0);
    if (!said.isEmpty()) {
      blocks.add(new ContentBlock.Text(said));
    }
  }

  private void flush() {
    if (!blocks.isEmpty()) {
      reading.messages.add(reading.stamp(TranscriptMessage.builder(Role.ASSISTANT, List.copyOf(blocks)), section,
          firstLine).build());
      blocks.clear();
    }
    firstLine = 0;
  }

  // The result of the last call, once nothing after it can still mark it cancelled: before what comes next.
  private void settle() {
    if (pending != null && pending.result().isPresent()) {
      reading.messages.add(reading.stamp(TranscriptMessage.builder(Role.USER, List.of(pending.result().get()))
          .kind(MessageKind.TOOL_RESULT), section, pending.line()).build());
    }
    pending = null;
  }
}
