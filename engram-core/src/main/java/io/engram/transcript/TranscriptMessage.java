package io.engram.transcript;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One message of a session, with the metadata the source recorded.
 *
 * @param role who said it
 * @param blocks the content, in order
 * @param uuid the record's id in the source (Claude Code {@code uuid})
 * @param parentUuid the id of the record this one follows in the conversation tree
 * @param timestamp when it was written
 * @param cwd the agent's working directory at the time
 * @param gitBranch the branch checked out at the time
 * @param slug the session's name as Claude Code records it on each line, which also names the session's plan file
 *     ({@code ~/.claude/plans/<slug>.md})
 * @param model the model that wrote it (assistant messages)
 * @param requestId the provider's message id; the records of one model response share it
 * @param usage token usage of the request that produced it (assistant messages, when recorded)
 * @param isSidechain true for messages of a side conversation (a subagent), not the main line
 * @param isCompactSummary true for the summary that replaced the context at a compaction
 * @param isMeta true for harness-injected text the person did not type (caveats, reminders)
 * @param lineNumber the 1-based source line, 0 when the source has no lines
 * @param kind who speaks in it ({@link MessageClassifier} reads it from the content when a source does not say)
 */
public record TranscriptMessage(
    Role role,
    List<ContentBlock> blocks,
    Optional<String> uuid,
    Optional<String> parentUuid,
    Optional<Instant> timestamp,
    Optional<String> cwd,
    Optional<String> gitBranch,
    Optional<String> slug,
    Optional<String> model,
    Optional<String> requestId,
    Optional<Usage> usage,
    boolean isSidechain,
    boolean isCompactSummary,
    boolean isMeta,
    int lineNumber,
    MessageKind kind) {

  public TranscriptMessage {
    Objects.requireNonNull(role, "role");
    blocks = List.copyOf(blocks);
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(parentUuid, "parentUuid");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(cwd, "cwd");
    Objects.requireNonNull(gitBranch, "gitBranch");
    Objects.requireNonNull(slug, "slug");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(requestId, "requestId");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(kind, "kind");
  }

  /** A message whose kind is read from its content ({@link MessageClassifier#classify}). */
  public TranscriptMessage(Role role, List<ContentBlock> blocks, Optional<String> uuid, Optional<String> parentUuid,
      Optional<Instant> timestamp, Optional<String> cwd, Optional<String> gitBranch, Optional<String> model,
      Optional<String> requestId, Optional<Usage> usage, boolean isSidechain, boolean isCompactSummary,
      boolean isMeta, int lineNumber) {
    this(role, blocks, uuid, parentUuid, timestamp, cwd, gitBranch, Optional.empty(), model, requestId, usage,
        isSidechain, isCompactSummary, isMeta, lineNumber,
        MessageClassifier.classify(role, blocks, isMeta, isCompactSummary, model.orElse("")));
  }

  /** A message with content only and no metadata, for tests and synthetic conversations. */
  public static TranscriptMessage of(Role role, List<ContentBlock> blocks) {
    return builder(role, blocks).build();
  }

  /** A builder of a message of {@code role} with {@code blocks} and, until set, no metadata. */
  public static Builder builder(Role role, List<ContentBlock> blocks) {
    return new Builder(role, blocks);
  }

  /**
   * A builder holding this message, to change some of its parts. A kind the source gave (one the content alone
   * would not give) is kept; otherwise the kind is read again from the parts as changed.
   */
  public Builder toBuilder() {
    boolean given = kind != MessageClassifier.classify(role, blocks, isMeta, isCompactSummary, model.orElse(""));
    return new Builder(role, blocks).uuid(uuid).parentUuid(parentUuid).timestamp(timestamp).cwd(cwd)
        .gitBranch(gitBranch).slug(slug).model(model).requestId(requestId).usage(usage).sidechain(isSidechain)
        .compactSummary(isCompactSummary).meta(isMeta).lineNumber(lineNumber).kind(given ? kind : null);
  }

  /** A message of one text block. */
  public static TranscriptMessage text(Role role, String text) {
    return of(role, List.of(new ContentBlock.Text(text)));
  }

  /** The same message with another timestamp. */
  public TranscriptMessage at(Instant when) {
    return toBuilder().timestamp(Optional.of(when)).build();
  }

  /** The text blocks joined by blank lines (no thinking, tool calls or results). */
  public String text() {
    return blocks.stream()
        .filter(ContentBlock.Text.class::isInstance)
        .map(b -> ((ContentBlock.Text) b).text())
        .collect(Collectors.joining("\n\n"));
  }

  /** Everything this message puts into a prompt, as one string for token counting. */
  public String promptText() {
    return blocks.stream().map(ContentBlock::promptText).collect(Collectors.joining("\n"));
  }

  /** The tool calls in this message. */
  public List<ContentBlock.ToolUse> toolUses() {
    return blocks.stream()
        .filter(ContentBlock.ToolUse.class::isInstance)
        .map(ContentBlock.ToolUse.class::cast)
        .toList();
  }

  /** The tool results in this message. */
  public List<ContentBlock.ToolResult> toolResults() {
    return blocks.stream()
        .filter(ContentBlock.ToolResult.class::isInstance)
        .map(ContentBlock.ToolResult.class::cast)
        .toList();
  }

  /**
   * True when a person typed this to the agent: a prompt or a slash command in a user message ({@link
   * MessageKind#typed()}), never a tool result, a notice, another agent's message or a summary.
   */
  public boolean isHumanInput() {
    return role == Role.USER && (kind == MessageKind.PROMPT || kind == MessageKind.SLASH_COMMAND);
  }

  /** The text the person typed: {@link #text()} without the blocks that only carry a harness notice. */
  public String typedText() {
    return MessageClassifier.typedText(blocks);
  }

  /** Builds a {@link TranscriptMessage} part by part; the metadata a source did not record stays empty. */
  public static final class Builder {
    private Role role;
    private List<ContentBlock> blocks;
    private Optional<String> uuid = Optional.empty();
    private Optional<String> parentUuid = Optional.empty();
    private Optional<Instant> timestamp = Optional.empty();
    private Optional<String> cwd = Optional.empty();
    private Optional<String> gitBranch = Optional.empty();
    private Optional<String> slug = Optional.empty();
    private Optional<String> model = Optional.empty();
    private Optional<String> requestId = Optional.empty();
    private Optional<Usage> usage = Optional.empty();
    private boolean sidechain;
    private boolean compactSummary;
    private boolean meta;
    private int lineNumber;
    private MessageKind kind;

    private Builder(Role role, List<ContentBlock> blocks) {
      this.role = role;
      this.blocks = blocks;
    }

    /** Who said it. */
    public Builder role(Role value) {
      this.role = value;
      return this;
    }

    /** The content. */
    public Builder blocks(List<ContentBlock> value) {
      this.blocks = value;
      return this;
    }

    /** The record's id in the source. */
    public Builder uuid(Optional<String> value) {
      this.uuid = value;
      return this;
    }

    /** The id of the record this one follows. */
    public Builder parentUuid(Optional<String> value) {
      this.parentUuid = value;
      return this;
    }

    /** When it was written. */
    public Builder timestamp(Optional<Instant> value) {
      this.timestamp = value;
      return this;
    }

    /** The agent's working directory at the time. */
    public Builder cwd(Optional<String> value) {
      this.cwd = value;
      return this;
    }

    /** The branch checked out at the time. */
    public Builder gitBranch(Optional<String> value) {
      this.gitBranch = value;
      return this;
    }

    /** The session's name, which names its plan file. */
    public Builder slug(Optional<String> value) {
      this.slug = value;
      return this;
    }

    /** The model that wrote it. */
    public Builder model(Optional<String> value) {
      this.model = value;
      return this;
    }

    /** The provider's message id. */
    public Builder requestId(Optional<String> value) {
      this.requestId = value;
      return this;
    }

    /** Token usage of the request that produced it. */
    public Builder usage(Optional<Usage> value) {
      this.usage = value;
      return this;
    }

    /** Whether it belongs to a side conversation. */
    public Builder sidechain(boolean value) {
      this.sidechain = value;
      return this;
    }

    /** Whether it is the summary that replaced the context at a compaction. */
    public Builder compactSummary(boolean value) {
      this.compactSummary = value;
      return this;
    }

    /** Whether the harness injected it. */
    public Builder meta(boolean value) {
      this.meta = value;
      return this;
    }

    /** The 1-based source line. */
    public Builder lineNumber(int value) {
      this.lineNumber = value;
      return this;
    }

    /** Who speaks in it; unless set, read from the content when the message is built. */
    public Builder kind(MessageKind value) {
      this.kind = value;
      return this;
    }

    /** The message. */
    public TranscriptMessage build() {
      MessageKind k = kind != null ? kind
          : MessageClassifier.classify(role, blocks, meta, compactSummary, model.orElse(""));
      return new TranscriptMessage(role, blocks, uuid, parentUuid, timestamp, cwd, gitBranch, slug, model,
          requestId, usage, sidechain, compactSummary, meta, lineNumber, k);
    }
  }
}
