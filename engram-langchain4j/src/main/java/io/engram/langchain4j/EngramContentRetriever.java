package io.engram.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import io.engram.hosted.HostedMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A LangChain4j content retriever over Engram's recall: each memory found for the query is one content, its
 * text the memory's section ({@code ## <name> (<type>)}, then its text cut to the per-file budget). The
 * conversation the query comes from (its chat memory, which {@code AiServices} puts in the query's metadata)
 * scopes the no-repeat rule: a memory it still holds is not retrieved again, one it no longer holds can be.
 * An empty list is a good answer.
 */
public final class EngramContentRetriever implements ContentRetriever {
  private static final Logger LOG = LoggerFactory.getLogger(EngramContentRetriever.class);

  private final HostedMemory memory;

  /** A retriever over {@code memory}'s recall. */
  public EngramContentRetriever(HostedMemory memory) {
    this.memory = Objects.requireNonNull(memory, "memory");
  }

  /**
   * The memories relevant to {@code query} that its conversation does not hold. When the memory cannot be
   * read, none, and a warning says why: the agent answers without them rather than not at all.
   */
  @Override
  public List<Content> retrieve(Query query) {
    Objects.requireNonNull(query, "query");
    if (query.text() == null || query.text().isBlank()) {
      return List.of();
    }
    List<String> conversation = Optional.ofNullable(query.metadata())
        .flatMap(m -> Optional.ofNullable(m.chatMemory())).orElse(List.of()).stream()
        .map(Lc4jMessages::fullText).toList();
    try {
      MemoryRecall.Outcome found = memory.recall(query.text(), conversation);
      List<Content> contents = new ArrayList<>();
      for (RecalledMemory r : found.result().memories()) {
        Metadata metadata = Metadata.from(Map.of("name", r.name(), "type", r.type(), "reason", r.reason()));
        contents.add(Content.from(TextSegment.from(memory.engram().present(r), metadata),
            Map.of(ContentMetadata.SCORE, r.score())));
      }
      return contents;
    } catch (IOException | UncheckedIOException e) {
      LOG.warn("Engram recalled nothing for this message: its memory could not be read: {}", e.getMessage());
      return List.of();
    }
  }
}
