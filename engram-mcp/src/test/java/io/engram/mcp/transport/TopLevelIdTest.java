package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A too long line's request id, read a piece at a time: the top-level member wherever it stands, never an "id" inside
 * params or inside a string, whatever the pieces' sizes.
 */
class TopLevelIdTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static Optional<JsonNode> scan(String text, long seed) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    Random random = new Random(seed);
    TopLevelId id = new TopLevelId();
    for (int at = 0; at < bytes.length; ) {
      int piece = Math.min(bytes.length - at, 1 + random.nextInt(64));
      id.feed(bytes, at, piece);
      at += piece;
    }
    return id.id();
  }

  @Property(tries = 300)
  void theTopLevelIdIsFoundWhereverItStandsAndHoweverTheLineIsCut(@ForAll("requests") Request r,
      @ForAll long seed) {
    assertThat(scan(r.text(), seed)).isEqualTo(r.id());
  }

  @Provide
  Arbitrary<Request> requests() {
    Arbitrary<String> text = Arbitraries.strings().withChars("ab\"\\{}[],:id é中\n\t").ofMaxLength(40);
    Arbitrary<Optional<JsonNode>> ids = Arbitraries.oneOf(
        Arbitraries.integers().map(i -> Optional.<JsonNode>of(IntNode.valueOf(i))),
        text.map(t -> Optional.<JsonNode>of(TextNode.valueOf(t))),
        Arbitraries.just(Optional.<JsonNode>empty()));
    return Combinators.combine(ids, text, text, Arbitraries.integers().between(0, 23), Arbitraries.longs())
        .as((id, body, inner, order, seed) -> {
          ObjectNode params = NODES.objectNode();
          params.putObject("arguments").put("id", inner).put("body", body);
          params.put("note", "\"id\":7,");
          List<String> members = new ArrayList<>(List.of("jsonrpc", "method", "params", "id"));
          Collections.shuffle(members, new Random(seed));
          ObjectNode root = NODES.objectNode();
          for (String m : members) {
            switch (m) {
              case "jsonrpc" -> root.put("jsonrpc", "2.0");
              case "method" -> root.put("method", "tools/call");
              case "params" -> root.set("params", params);
              default -> id.ifPresent(v -> root.set("id", v));
            }
          }
          return new Request(order % 2 == 0 ? root.toString() : root.toPrettyString(), id);
        });
  }

  record Request(String text, Optional<JsonNode> id) {}

  @Test
  void anIdThatIsNotANumberOrAStringOrALineCutShortFindsNone() {
    assertThat(scan("{\"id\":{\"a\":1},\"method\":\"x\"}", 1)).isEmpty();
    assertThat(scan("{\"id\":null,\"method\":\"x\"}", 1)).isEmpty();
    assertThat(scan("[{\"id\":1,\"method\":\"x\"}]", 1)).isEmpty();
    assertThat(scan("{\"method\":\"x\",\"id\":12", 1)).as("no end: maybe 123").isEmpty();
    assertThat(scan("{\"id\":\"" + "x".repeat(300) + "\"}", 1)).isEmpty();
  }
}
