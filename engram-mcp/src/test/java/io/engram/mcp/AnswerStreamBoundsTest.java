package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.Engram;
import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.OriginPolicy;
import io.engram.testing.GrowingTranscript;
import io.engram.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool call that asked for progress is answered as an event stream on its POST's connection. That connection is
 * being answered, not a session's long-lived stream: a newcomer past the connection bounds must not close it (its
 * client would see the connection end with no answer, which four SDK clients writing at once once did).
 */
class AnswerStreamBoundsTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void aNewcomerPastTheBoundDoesNotCloseAToolCallBeingAnsweredAsAStream() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    Path transcript = new GrowingTranscript("agent-long", "claude-sonnet-4-5", 20_000, 4_000).growPast(0.92, 600_000)
        .write(project.resolve("agent-long.jsonl"));
    HttpSettings d = HttpSettings.DEFAULTS;
    HttpSettings onePerClient = new HttpSettings(d.requestReadMillis(), d.idleMillis(),
        d.maxConnections(), 1, d.maxHeaderBytes(), d.maxBodyBytes(), d.maxThreads());
    List<String> log = new CopyOnWriteArrayList<>();
    EngramMcpServer.HttpOptions options = new EngramMcpServer.HttpOptions(new InetSocketAddress("127.0.0.1", 0),
        BearerToken.of(TestServerMain.TOKEN, McpSettings.DEFAULTS.minTokenBits()),
        OriginPolicy.loopbackAnd(List.of()), onePerClient);
    String call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"compact\","
        + "\"arguments\":{\"transcript\":" + new ObjectMapper().writeValueAsString(transcript.toString()) + "},"
        + "\"_meta\":{\"progressToken\":\"p7\"}}}";
    List<Socket> newcomers = new ArrayList<>();
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram, options, "test", log::add);
        Socket caller = new Socket()) {
      caller.connect(server.address(), 5_000);
      caller.setSoTimeout(60_000);
      caller.getOutputStream().write(RawHttp.post("Authorization: Bearer " + TestServerMain.TOKEN + "\r\n", call)
          .getBytes(StandardCharsets.UTF_8));
      caller.getOutputStream().flush();
      InputStream in = caller.getInputStream();
      ByteArrayOutputStream heard = new ByteArrayOutputStream();
      assertThat(readUntil(in, heard, "notifications/progress")).as("the first stage's progress: %s", heard).isTrue();
      for (int i = 0; i < 3; i++) {
        Socket s = new Socket();
        s.connect(server.address(), 5_000);
        newcomers.add(s);
      }
      assertThat(readUntil(in, heard, "\"result\"")).as("the answer after newcomers came: %s; log %s", heard, log)
          .isTrue();
      assertThat(heard.toString(StandardCharsets.UTF_8)).contains("<summary>");
      assertThat(log).as("the bound was reached").isNotEmpty();
    } finally {
      for (Socket s : newcomers) {
        s.close();
      }
    }
  }

  // Reads into heard until it holds text (true) or the connection ends (false).
  private static boolean readUntil(InputStream in, ByteArrayOutputStream heard, String text) throws IOException {
    byte[] buffer = new byte[8192];
    while (!heard.toString(StandardCharsets.UTF_8).contains(text)) {
      int n;
      try {
        n = in.read(buffer);
      } catch (IOException e) {
        return false;
      }
      if (n < 0) {
        return false;
      }
      heard.write(buffer, 0, n);
    }
    return true;
  }
}
