package io.engram.hosted;

import io.engram.compaction.SessionCompaction;
import io.engram.config.EngramSettings;
import io.engram.context.ContextLevel;
import io.engram.context.ContextWindow;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.StandingMemories;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A hosted conversation's context window: how many tokens its messages cost, how full they make the window, and its
 * compaction (the standing memories sent again with the continuation) once the window fills to the level where
 * compaction runs by itself. What {@link HostedMemory}'s window methods do.
 */
final class HostedContext {
  private final EngramSettings settings;
  private final ModelRouter router;
  private final Path home;
  private final Clock clock;
  private final ProjectMemory store;

  HostedContext(EngramSettings settings, ModelRouter router, Path home, Clock clock, ProjectMemory store) {
    this.settings = settings;
    this.router = router;
    this.home = home;
    this.clock = clock;
    this.store = store;
  }

  ContextLevel level(List<TranscriptMessage> messages, int windowTokens) {
    ContextWindow window = new ContextWindow("", windowTokens, settings.context());
    return window.level(tokens(messages));
  }

  long tokens(List<TranscriptMessage> messages) {
    JtokkitTokenCounter counter = JtokkitTokenCounter.forModel("", settings.context());
    return messages.stream().mapToLong(m -> counter.count(m.promptText())).sum();
  }

  Optional<HostedCompaction> compactIfDue(String sessionId, List<TranscriptMessage> messages, int windowTokens)
      throws IOException {
    if (messages.isEmpty() || !level(messages, windowTokens).compactsAutomatically()) {
      return Optional.empty();
    }
    return Optional.of(compact(sessionId, messages));
  }

  <M> Optional<CompactedConversation<M>> compactIfDue(String sessionId, List<M> messages, int first, int end,
      int windowTokens, Function<M, TranscriptMessage> toTranscript, Function<String, M> continuation)
      throws IOException {
    if (end - first < 2) {
      return Optional.empty();
    }
    List<TranscriptMessage> transcript = messages.stream().map(toTranscript).toList();
    if (!level(transcript, windowTokens).compactsAutomatically()) {
      return Optional.empty();
    }
    HostedCompaction compaction = compact(sessionId, transcript.subList(first, end));
    List<M> kept = new ArrayList<>(messages.subList(0, first));
    kept.add(continuation.apply(compaction.continuation()));
    kept.addAll(messages.subList(end, messages.size()));
    return Optional.of(new CompactedConversation<>(kept, compaction));
  }

  HostedCompaction compact(String sessionId, List<TranscriptMessage> messages) throws IOException {
    Transcript transcript = HostedTranscript.of(sessionId, messages);
    SessionCompaction compaction = new SessionCompaction(settings, router, home, LoadedInstructions::empty);
    StandingMemories standing = StandingMemories.select(store.list().memories(), clock.instant(),
        settings.hooks().contextCharCap(), settings.recall().bytesPerFile());
    return new HostedCompaction(compaction.compact(transcript,
        SessionCompaction.Request.userRequested("").withNotes(SessionCompaction.Notes.KEPT).asAutomatic()), standing);
  }
}
