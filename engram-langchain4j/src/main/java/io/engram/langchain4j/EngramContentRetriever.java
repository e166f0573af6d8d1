package io.engram.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import io.engram.hosted.HostedMemory;
import io.engram.memory.MemoryText;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A LangChain4j content retriever over Engram's recall: each memory found for the query is one content,
 * its text the memory's name, description and body (cut to the per-file budget). With a chat memory id on
 * the query, the conversation's budgets and no-repeat rule apply; an empty list is a good answer.
 */
public final class EngramContentRetriever implements ContentRetriever {
  /** How the text of every content this retriever returns opens. */
  static final String OPENING = "Memory '";

  private final HostedMemory memory;

  /** A retriever over {@code memory}'s recall. */
  public EngramContentRetriever(HostedMemory memory) {
    this.memory = Objects.requireNonNull(memory, "memory");
  }

  /**
   * The memories relevant to {@code query}.
   *
   * @throws UncheckedIOException when the memory cannot be read
   */
  @Override
  public List<Content> retrieve(Query query) {
    Objects.requireNonNull(query, "query");
    if (query.text() == null || query.text().isBlank()) {
      return List.of();
    }
    Optional<String> conversation = Optional.ofNullable(query.metadata())
        .flatMap(m -> Optional.ofNullable(m.chatMemoryId()))
        .map(String::valueOf);
    try {
      MemoryRecall.Outcome found = conversation.isPresent()
          ? memory.recall(conversation.get(), query.text())
          : memory.recall(query.text());
      List<Content> contents = new ArrayList<>();
      for (RecalledMemory r : found.result().memories()) {
        Optional<StoredMemory> stored = memory.store().read(r.name());
        String description = stored.map(s -> s.memory().description()).orElse("");
        Metadata metadata = Metadata.from(Map.of("name", r.name(), "type", r.type().toString(),
            "reason", r.reason()));
        String text = OPENING + r.name() + "' (" + r.type() + "): "
            + MemoryText.descriptionAndBody(description, r.content().strip());
        contents.add(Content.from(TextSegment.from(text.strip(), metadata),
            Map.of(ContentMetadata.SCORE, r.score())));
      }
      return contents;
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not recall for '" + query.text() + "': " + e.getMessage(), e);
    }
  }
}
