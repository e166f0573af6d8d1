package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class JsonRpcMessageTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void requestsNotificationsAndResponsesAreToldApart() {
    assertThat(JsonRpcMessage.parse("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}"))
        .isInstanceOfSatisfying(JsonRpcMessage.Request.class, r -> {
          assertThat(r.id().textValue()).isEqualTo("a");
          assertThat(r.params()).isEmpty();
        });
    assertThat(JsonRpcMessage.parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{}}"))
        .isInstanceOf(JsonRpcMessage.Notification.class);
    assertThat(JsonRpcMessage.parse("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"))
        .isInstanceOf(JsonRpcMessage.Response.class);
  }

  @Test
  void aResponseIsNeverAnsweredEvenWithANullIdSoTwoPeersCannotLoopOnErrors() {
    assertThat(JsonRpcMessage.parse("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"x\"}}"))
        .isInstanceOf(JsonRpcMessage.Response.class);
  }

  @Test
  void theIdOfAnInvalidMessageIsKeptOnlyWhenItIsAValidId() {
    JsonRpcMessage.Invalid versionless = (JsonRpcMessage.Invalid) JsonRpcMessage.parse("{\"id\":\"x\",\"method\":\"m\"}");
    assertThat(versionless.response()).contains("\"id\":\"x\"", "-32600");
    JsonRpcMessage.Invalid boolId = (JsonRpcMessage.Invalid) JsonRpcMessage.parse(
        "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}");
    assertThat(boolId.response()).contains("\"id\":null", "-32600");
  }

  @Test
  void aParseErrorSaysWhereButNotWhatTheParserThinks() {
    JsonRpcMessage.Invalid bad = (JsonRpcMessage.Invalid) JsonRpcMessage.parse("{\"a\":\n  tru}");
    assertThat(bad.error().code()).isEqualTo(JsonRpcError.PARSE_ERROR);
    assertThat(bad.error().message()).contains("line 2").doesNotContain("Unrecognized", "Exception", "Source");
  }

  @Property(tries = 500)
  void anyBytesGiveAMessageOrAnErrorAndNeverThrow(@ForAll byte[] bytes) {
    JsonRpcMessage m = JsonRpcMessage.parse(bytes, 0, bytes.length);
    if (m instanceof JsonRpcMessage.Invalid invalid) {
      assertThat(invalid.error().code()).isIn(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST);
    }
  }

  @Property(tries = 500)
  void anyJsonValueGivesAMessageOrAnErrorWhoseAnswerIsValidJson(@ForAll("jsonish") String text) throws Exception {
    JsonRpcMessage m = JsonRpcMessage.parse(text);
    if (m instanceof JsonRpcMessage.Invalid invalid) {
      assertThat(JSON.readTree(invalid.response()).path("error").path("code").asInt()).isNegative();
    }
    if (m instanceof JsonRpcMessage.Request r) {
      assertThat(r.id().isTextual() || r.id().isIntegralNumber()).isTrue();
      assertThat(r.text().getBytes(StandardCharsets.UTF_8)).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Provide
  Arbitrary<String> jsonish() {
    Arbitrary<String> ids = Arbitraries.of("1", "-7", "\"s\"", "null", "1.5", "{}", "[]", "true", "99999999999999999999");
    Arbitrary<String> methods = Arbitraries.of("\"ping\"", "\"tools/list\"", "1", "null", "\"\"", "[]");
    Arbitrary<String> params = Arbitraries.of("{}", "[]", "\"x\"", "null", "3", "{\"cursor\":\"c\"}");
    Arbitrary<String> versions = Arbitraries.of("\"2.0\"", "\"1.0\"", "2", "null");
    return Arbitraries.subsetOf("id", "method", "params", "jsonrpc", "result", "error").flatMap(keys -> {
      Arbitrary<String> body = Arbitraries.just("");
      for (String key : keys) {
        Arbitrary<String> value = switch (key) {
          case "id" -> ids;
          case "method" -> methods;
          case "params" -> params;
          case "jsonrpc" -> versions;
          default -> Arbitraries.of("{}", "null", "1");
        };
        body = body.flatMap(b -> value.map(v -> b + (b.isEmpty() ? "" : ",") + "\"" + key + "\":" + v));
      }
      return body.map(b -> "{" + b + "}");
    });
  }
}
