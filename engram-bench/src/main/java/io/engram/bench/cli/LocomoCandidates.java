package io.engram.bench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.recall.Candidate;
import io.engram.recall.SearchIndex;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The analysis file of {@code bench locomo --candidates-out}: one JSON line per conversation (its turns) and one
 * per question (its evidence, recall's top candidates before the last stage, each with its ranks, BM25 score, cosine,
 * coverage and routes, and the top candidates after it), so where evidence ranks and what sits above it can be
 * studied outside the product. Benchmarks only.
 */
final class LocomoCandidates implements AutoCloseable {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private final BufferedWriter out;
  private final int depth;

  LocomoCandidates(Path file, int depth) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    this.depth = depth;
  }

  void conversation(LocomoData.Conversation conv) {
    ObjectNode line = MAPPER.createObjectNode().put("conversation", conv.sampleId());
    ArrayNode turns = line.putArray("turns");
    for (LocomoData.Turn t : conv.turns()) {
      turns.addObject().put("id", t.diaId()).put("speaker", t.speaker()).put("text", t.body())
          .put("date", t.date().toString());
    }
    write(line);
  }

  void question(String conversation, LocomoData.Question q, List<Candidate> ranked, List<Candidate> rescored,
      List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector) {
    ObjectNode line = MAPPER.createObjectNode().put("conversation", conversation).put("question", q.question())
        .put("category", q.category());
    q.evidence().forEach(line.putArray("evidence")::add);
    ObjectNode bm25 = line.putObject("bm25");
    keyword.forEach(h -> bm25.put(h.id(), h.score()));
    ObjectNode cos = line.putObject("cosine");
    vector.forEach(h -> cos.put(h.id(), h.score()));
    ArrayNode cands = line.putArray("candidates");
    for (Candidate c : ranked.subList(0, Math.min(depth, ranked.size()))) {
      ObjectNode n = cands.addObject().put("id", c.id()).put("fused", c.fused()).put("coverage", c.coverage());
      c.keywordRank().ifPresent(r -> n.put("keywordRank", r));
      c.vectorRank().ifPresent(r -> n.put("vectorRank", r));
      c.cosine().ifPresent(v -> n.put("cosine", v));
      c.routes().forEach(n.putArray("routes")::add);
    }
    ArrayNode last = line.putArray("rescored");
    for (Candidate c : rescored.subList(0, Math.min(depth, rescored.size()))) {
      last.addObject().put("id", c.id()).put("score", c.fused());
    }
    write(line);
  }

  private void write(ObjectNode line) {
    try {
      out.write(MAPPER.writeValueAsString(line));
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
