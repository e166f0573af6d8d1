package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class HttpRequestReaderTest {
  private static final int MAX_HEAD = 4_096;
  private static final int MAX_BODY = 1_000;

  @Test
  void readsAHeadThenAFixedLengthBody() {
    List<HttpRequestReader.Step> steps = feedWhole("POST /mcp?x=1 HTTP/1.1\r\nHost: a\r\nX-Two: 1\r\nx-two: 2\r\n"
        + "Content-Length: 5\r\n\r\nhello");
    HttpRequestHead head = ((HttpRequestReader.HeadRead) steps.get(0)).head();
    assertThat(head.method()).isEqualTo("POST");
    assertThat(head.path()).isEqualTo("/mcp");
    assertThat(head.values("X-TWO")).containsExactly("1", "2");
    assertThat(head.keepAlive()).isTrue();
    assertThat(body(steps)).isEqualTo("hello");
  }

  @Test
  void readsAChunkedBodyWithExtensionsAndTrailers() {
    List<HttpRequestReader.Step> steps = feedWhole("POST /mcp HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "3;a=b\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\n");
    assertThat(body(steps)).isEqualTo("abcde");
  }

  @Test
  void refusesWhatCouldSmuggleOrOverflow() {
    assertThat(failure("POST /mcp HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/1.1\r\nContent-Length: -1\r\n\r\n")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")).isEqualTo(501);
    assertThat(failure("POST /mcp HTTP/1.1\r\nContent-Length: 1001\r\n\r\n")).isEqualTo(413);
    assertThat(failure("POST /mcp HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3E9\r\n")).isEqualTo(413);
    assertThat(failure("POST /mcp HTTP/1.1\r\nX: " + "y".repeat(MAX_HEAD) + "\r\n\r\n")).isEqualTo(431);
    assertThat(failure("POST /mcp HTTP/1.1\r\n" + "X: y\r\n".repeat(101) + "\r\n")).isEqualTo(431);
    assertThat(failure("POST /mcp HTTP/1.1\r\n folded: x\r\n\r\n")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/2.0\r\n\r\n")).isEqualTo(505);
    assertThat(failure("POST  /mcp HTTP/1.1\r\n\r\n")).isEqualTo(400);
    assertThat(failure("POST mcp HTTP/1.1\r\n\r\n")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/1.1\r\nExpect: something\r\n\r\n")).isEqualTo(417);
    assertThat(failure("POST /mcp HTTP/1.1\r\nBad Name: x\r\n\r\n")).isEqualTo(400);
    assertThat(failure("POST /mcp HTTP/1.1\r\nX: a\u0001b\r\n\r\n")).isEqualTo(400);
  }

  @Test
  void aHeadThatNeverEndsIsRefusedOnceItPassesTheBound() {
    HttpRequestReader reader = reader();
    byte[] chunk = "X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".getBytes(StandardCharsets.ISO_8859_1);
    reader.feed("POST /mcp HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1), 0, 20);
    HttpRequestReader.Step last = reader.next();
    for (int i = 0; i < 200 && last instanceof HttpRequestReader.NeedMore; i++) {
      reader.feed(chunk, 0, chunk.length);
      last = reader.next();
    }
    assertThat(last).isInstanceOfSatisfying(HttpRequestReader.Failed.class, f -> assertThat(f.status()).isIn(431));
  }

  @Test
  void pipelinedRequestsAreReadOneAfterTheOther() {
    HttpRequestReader reader = reader();
    byte[] two = ("POST /a HTTP/1.1\r\nContent-Length: 1\r\n\r\nx" + "\r\nGET /b HTTP/1.1\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    reader.feed(two, 0, two.length);
    assertThat(reader.next()).isInstanceOf(HttpRequestReader.HeadRead.class);
    assertThat(reader.next()).isInstanceOf(HttpRequestReader.Complete.class);
    reader.reset();
    assertThat(reader.started()).isTrue();
    HttpRequestReader.HeadRead second = (HttpRequestReader.HeadRead) reader.next();
    assertThat(second.head().path()).isEqualTo("/b");
    assertThat(reader.next()).isInstanceOf(HttpRequestReader.Complete.class);
  }

  @Property(tries = 300)
  void feedingInPiecesGivesWhatFeedingWholeGives(@ForAll("requests") String request,
      @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 40) Integer> cuts) {
    List<HttpRequestReader.Step> whole = feedWhole(request);
    List<HttpRequestReader.Step> pieces = feedInPieces(request, cuts);
    assertThat(describe(pieces)).isEqualTo(describe(whole));
  }

  @Property(tries = 500)
  void anyBytesGiveAStepAndNeverThrow(@ForAll byte[] bytes) {
    HttpRequestReader reader = reader();
    reader.feed(bytes, 0, bytes.length);
    for (int i = 0; i < 4; i++) {
      HttpRequestReader.Step step = reader.next();
      if (!(step instanceof HttpRequestReader.HeadRead)) {
        break;
      }
    }
  }

  @Provide
  Arbitrary<String> requests() {
    Arbitrary<String> body = Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(60);
    Arbitrary<String> headers = Arbitraries.of("Host: x\r\n", "Accept: */*\r\n", "X-A: 1, 2\r\n", "")
        .list().ofMaxSize(3).map(l -> String.join("", l));
    return Arbitraries.oneOf(
        body.flatMap(b -> headers.map(h -> "POST /mcp HTTP/1.1\r\n" + h + "Content-Length: " + b.length() + "\r\n\r\n" + b)),
        body.flatMap(b -> headers.map(h -> "POST /mcp HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\n\r\n"
            + chunks(b) + "0\r\n\r\n")),
        headers.map(h -> "GET /mcp HTTP/1.1\n" + h + "\n"));
  }

  private static String chunks(String body) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < body.length(); i += 7) {
      String part = body.substring(i, Math.min(body.length(), i + 7));
      out.append(Integer.toHexString(part.length())).append("\r\n").append(part).append("\r\n");
    }
    return out.toString();
  }

  private static HttpRequestReader reader() {
    return new HttpRequestReader(MAX_HEAD, 100, MAX_BODY);
  }

  private static List<HttpRequestReader.Step> feedWhole(String request) {
    return feedInPieces(request, List.of());
  }

  private static List<HttpRequestReader.Step> feedInPieces(String request, List<Integer> cuts) {
    byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
    HttpRequestReader reader = reader();
    List<HttpRequestReader.Step> steps = new ArrayList<>();
    int at = 0;
    List<Integer> sizes = new ArrayList<>(cuts);
    while (at < bytes.length) {
      int n = sizes.isEmpty() ? bytes.length - at : Math.min(sizes.remove(0), bytes.length - at);
      reader.feed(bytes, at, n);
      at += n;
      for (HttpRequestReader.Step s = reader.next(); ; s = reader.next()) {
        if (s instanceof HttpRequestReader.NeedMore) {
          break;
        }
        steps.add(s);
        if (!(s instanceof HttpRequestReader.HeadRead)) {
          return steps;
        }
      }
    }
    return steps;
  }

  private static List<String> describe(List<HttpRequestReader.Step> steps) {
    return steps.stream().map(s -> s instanceof HttpRequestReader.Complete c
        ? "complete " + c.head() + " " + new String(c.body(), StandardCharsets.ISO_8859_1) : s.toString()).toList();
  }

  private static String body(List<HttpRequestReader.Step> steps) {
    return new String(((HttpRequestReader.Complete) steps.get(steps.size() - 1)).body(), StandardCharsets.ISO_8859_1);
  }

  private static int failure(String request) {
    List<HttpRequestReader.Step> steps = feedWhole(request);
    HttpRequestReader.Step last = steps.get(steps.size() - 1);
    assertThat(last).as(request).isInstanceOf(HttpRequestReader.Failed.class);
    return ((HttpRequestReader.Failed) last).status();
  }
}
