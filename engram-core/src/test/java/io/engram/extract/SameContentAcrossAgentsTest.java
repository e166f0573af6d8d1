package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.transcript.CodingAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One conversation written in each agent's own format: what the person said, the commands the agent ran and their
 * results, the file it edited. Extraction learns the same memories from each as from Claude Code's, save what only
 * the results show where the agent records none (Cursor).
 */
class SameContentAcrossAgentsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant START = Instant.parse("2026-03-01T09:00:00Z");
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);

  @TempDir Path tmp;

  /** A step of the conversation: the person's words, the agent's words, or a command or an edit and its result. */
  private sealed interface Step {
    record Said(String text) implements Step {}
    record Replied(String text) implements Step {}
    record Ran(String command, String output) implements Step {}
    record Edited(String file, String before, String after) implements Step {}
  }

  private static final List<Step> CONVERSATION = List.of(
      new Step.Said("This project uses pnpm; run pnpm install, not npm install."),
      new Step.Replied("Got it, I will use pnpm."),
      new Step.Ran("pnpm install", "Done in 2.1s"),
      new Step.Said("Remember that the staging database is reset every Sunday night, so don't rely on data there."),
      new Step.Ran("pnpm test", "Tests: 12 passed"),
      new Step.Edited("src/app.ts", "const retries = 1;", "const retries = 3;"),
      new Step.Ran("pnpm test", "Tests: 12 passed"),
      new Step.Ran("pnpm test", "Tests: 13 passed"),
      new Step.Replied("The tests pass."),
      new Step.Said("Never commit directly to main; always open a pull request instead."),
      new Step.Replied("Understood."));

  @Test
  void extractionLearnsFromEveryAgentsSessionWhatItLearnsFromClaudeCodes() throws Exception {
    Map<String, String> claude = learned(CodingAgent.CLAUDE_CODE, claudeCode());

    assertThat(claude).as("the conversation teaches something").hasSizeGreaterThanOrEqualTo(3);
    assertThat(learned(CodingAgent.CODEX, codex())).isEqualTo(claude);
    assertThat(learned(CodingAgent.GEMINI, gemini())).isEqualTo(claude);
    assertThat(learned(CodingAgent.OPENCODE, opencode())).isEqualTo(claude);
  }

  @Test
  void fromACursorTranscriptExtractionLearnsWhatThePersonSaidButNotWhatOnlyResultsShow() throws Exception {
    Map<String, String> claude = learned(CodingAgent.CLAUDE_CODE, claudeCode());
    // Cursor records no tool results: that the tests passed three times is not in its transcript.
    claude.remove("test-command");

    assertThat(learned(CodingAgent.CURSOR, cursor())).isEqualTo(claude);
  }

  /** The memories an offline pass over {@code file} writes, by name: type, description and body. */
  private Map<String, String> learned(CodingAgent agent, String content) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(agent.id()));
    Path file = dir.resolve(agent == CodingAgent.OPENCODE ? "s1.json" : "s1.jsonl");
    Files.writeString(file, content);
    ProjectMemory store = MemoryStores.open(new EngramRoots(dir.resolve("home"), dir.resolve("user"),
        Files.createDirectories(dir.resolve("project"))), EngramSettings.DEFAULTS, CLOCK);
    new ExtractionPass(EngramSettings.DEFAULTS, ModelRouter.offline(), store, dir.resolve("home"), CLOCK)
        .run(file, "s1", false).orElseThrow();
    Map<String, String> learned = new TreeMap<>();
    for (StoredMemory m : store.list().memories()) {
      Memory memory = m.memory();
      learned.put(memory.name(), memory.type() + " | " + memory.description() + " | " + memory.body());
    }
    return learned;
  }

  private static String at(int step) {
    return START.plusSeconds(60L * step).toString();
  }

  private static String claudeCode() {
    List<ObjectNode> lines = new ArrayList<>();
    for (int i = 0; i < CONVERSATION.size(); i++) {
      Step s = CONVERSATION.get(i);
      if (s instanceof Step.Said said) {
        lines.add(claude("user", i).set("message", JSON.createObjectNode().put("role", "user")
            .put("content", said.text())));
      } else if (s instanceof Step.Replied r) {
        ObjectNode line = claude("assistant", i);
        line.putObject("message").put("role", "assistant").putArray("content").addObject().put("type", "text")
            .put("text", r.text());
        lines.add(line);
      } else {
        ObjectNode input = JSON.createObjectNode();
        String tool = call(s, input);
        ObjectNode use = claude("assistant", i);
        use.putObject("message").put("role", "assistant").putArray("content").addObject().put("type", "tool_use")
            .put("id", "call" + i).put("name", tool).set("input", input);
        lines.add(use);
        ObjectNode result = claude("user", i);
        result.putObject("message").put("role", "user").putArray("content").addObject().put("type", "tool_result")
            .put("tool_use_id", "call" + i).put("content", output(s));
        lines.add(result);
      }
    }
    return jsonLines(lines);
  }

  private static ObjectNode claude(String type, int step) {
    return JSON.createObjectNode().put("type", type).put("uuid", type + step).put("sessionId", "s1")
        .put("timestamp", at(step)).put("cwd", "/work/app");
  }

  private static String call(Step s, ObjectNode input) {
    if (s instanceof Step.Ran ran) {
      input.put("command", ran.command());
      return "Bash";
    }
    Step.Edited e = (Step.Edited) s;
    input.put("file_path", "/work/app/" + e.file()).put("old_string", e.before()).put("new_string", e.after());
    return "Edit";
  }

  private static String output(Step s) {
    return s instanceof Step.Ran ran ? ran.output() : "The file has been updated.";
  }

  private static String codex() {
    List<ObjectNode> lines = new ArrayList<>();
    lines.add(wrap(0, "session_meta", JSON.createObjectNode().put("id", "s1").put("cwd", "/work/app")));
    lines.add(wrap(0, "turn_context", JSON.createObjectNode().put("cwd", "/work/app").put("model", "gpt-5-codex")));
    for (int i = 0; i < CONVERSATION.size(); i++) {
      Step s = CONVERSATION.get(i);
      if (s instanceof Step.Said said) {
        ObjectNode item = JSON.createObjectNode().put("type", "message").put("role", "user");
        item.putArray("content").addObject().put("type", "input_text").put("text", said.text());
        lines.add(wrap(i, "response_item", item));
        lines.add(wrap(i, "event_msg", JSON.createObjectNode().put("type", "user_message").put("message", said.text())));
      } else if (s instanceof Step.Replied r) {
        ObjectNode item = JSON.createObjectNode().put("type", "message").put("role", "assistant");
        item.putArray("content").addObject().put("type", "output_text").put("text", r.text());
        lines.add(wrap(i, "response_item", item));
      } else if (s instanceof Step.Ran ran) {
        lines.add(wrap(i, "response_item", JSON.createObjectNode().put("type", "function_call")
            .put("name", "exec_command").put("arguments", "{\"cmd\":\"" + ran.command() + "\",\"workdir\":\"/work/app\"}")
            .put("call_id", "call" + i)));
        lines.add(wrap(i, "response_item", JSON.createObjectNode().put("type", "function_call_output")
            .put("call_id", "call" + i).put("output", "Process exited with code 0\nOutput:\n" + ran.output())));
      } else {
        Step.Edited e = (Step.Edited) s;
        String patch = "*** Begin Patch\n*** Update File: /work/app/" + e.file() + "\n@@\n-" + e.before() + "\n+"
            + e.after() + "\n*** End Patch";
        lines.add(wrap(i, "response_item", JSON.createObjectNode().put("type", "custom_tool_call")
            .put("name", "apply_patch").put("input", patch).put("call_id", "call" + i)));
        lines.add(wrap(i, "response_item", JSON.createObjectNode().put("type", "custom_tool_call_output")
            .put("call_id", "call" + i).put("output", "Exit code: 0\nOutput:\nSuccess. Updated the following files")));
      }
    }
    return jsonLines(lines);
  }

  private static ObjectNode wrap(int step, String type, ObjectNode payload) {
    ObjectNode line = JSON.createObjectNode().put("timestamp", at(step)).put("type", type);
    line.set("payload", payload);
    return line;
  }

  private static String gemini() {
    List<ObjectNode> lines = new ArrayList<>();
    lines.add(JSON.createObjectNode().put("sessionId", "s1").put("projectHash", "ab12").put("startTime", at(0))
        .put("kind", "main"));
    for (int i = 0; i < CONVERSATION.size(); i++) {
      Step s = CONVERSATION.get(i);
      ObjectNode record = JSON.createObjectNode().put("id", "m" + i).put("timestamp", at(i));
      if (s instanceof Step.Said said) {
        record.put("type", "user").putArray("content").addObject().put("text", said.text());
      } else if (s instanceof Step.Replied r) {
        record.put("type", "gemini").put("content", r.text()).put("model", "gemini-2.5-pro");
      } else {
        record.put("type", "gemini").put("content", "").put("model", "gemini-2.5-pro");
        ObjectNode args = JSON.createObjectNode();
        String name;
        if (s instanceof Step.Ran ran) {
          name = "run_shell_command";
          args.put("command", ran.command());
        } else {
          Step.Edited e = (Step.Edited) s;
          name = "replace";
          args.put("file_path", "/work/app/" + e.file()).put("old_string", e.before()).put("new_string", e.after());
        }
        // Gemini appends the message again once the call has run: the last copy holds the result.
        lines.add(record.deepCopy());
        ObjectNode call = record.putArray("toolCalls").addObject().put("id", "call" + i).put("name", name);
        call.set("args", args);
        call.put("status", "success").putArray("result").addObject().putObject("functionResponse")
            .put("id", "call" + i).put("name", name).putObject("response").put("output", output(s));
      }
      lines.add(record);
      lines.add((ObjectNode) JSON.createObjectNode().set("$set", JSON.createObjectNode().put("lastUpdated", at(i))));
    }
    return jsonLines(lines);
  }

  private static String opencode() {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("info").put("id", "s1").put("directory", "/work/app").put("title", "pnpm");
    ArrayNode messages = root.putArray("messages");
    for (int i = 0; i < CONVERSATION.size(); i++) {
      Step s = CONVERSATION.get(i);
      ObjectNode message = messages.addObject();
      ObjectNode info = message.putObject("info").put("id", "msg_" + i);
      info.putObject("time").put("created", Instant.parse(at(i)).toEpochMilli());
      ArrayNode parts = message.putArray("parts");
      if (s instanceof Step.Said said) {
        info.put("role", "user");
        parts.addObject().put("type", "text").put("text", said.text());
        continue;
      }
      info.put("role", "assistant").put("modelID", "claude-sonnet-4");
      info.putObject("path").put("cwd", "/work/app").put("root", "/work/app");
      parts.addObject().put("type", "step-start");
      if (s instanceof Step.Replied r) {
        parts.addObject().put("type", "text").put("text", r.text());
      } else {
        ObjectNode tool = parts.addObject().put("type", "tool").put("callID", "call" + i);
        ObjectNode input = JSON.createObjectNode();
        if (s instanceof Step.Ran ran) {
          tool.put("tool", "bash");
          input.put("command", ran.command());
        } else {
          Step.Edited e = (Step.Edited) s;
          tool.put("tool", "edit");
          input.put("filePath", "/work/app/" + e.file()).put("oldString", e.before()).put("newString", e.after());
        }
        tool.putObject("state").put("status", "completed").put("output", output(s)).set("input", input);
      }
      parts.addObject().put("type", "step-finish").putObject("tokens").put("input", 10).put("output", 5);
    }
    return root.toPrettyString();
  }

  private static String cursor() {
    List<ObjectNode> lines = new ArrayList<>();
    for (Step s : CONVERSATION) {
      ObjectNode line = JSON.createObjectNode();
      ArrayNode content = line.putObject("message").putArray("content");
      if (s instanceof Step.Said said) {
        line.put("role", "user");
        content.addObject().put("type", "text").put("text", "<user_query>\n" + said.text() + "\n</user_query>");
      } else if (s instanceof Step.Replied r) {
        line.put("role", "assistant");
        content.addObject().put("type", "text").put("text", r.text());
      } else {
        line.put("role", "assistant");
        ObjectNode use = content.addObject().put("type", "tool_use");
        if (s instanceof Step.Ran ran) {
          use.put("name", "Shell").putObject("input").put("command", ran.command());
        } else {
          Step.Edited e = (Step.Edited) s;
          use.put("name", "StrReplace").putObject("input").put("path", "/work/app/" + e.file())
              .put("old_string", e.before()).put("new_string", e.after());
        }
      }
      lines.add(line);
    }
    return jsonLines(lines);
  }

  private static String jsonLines(List<ObjectNode> lines) {
    StringBuilder out = new StringBuilder();
    lines.forEach(l -> out.append(l).append('\n'));
    return out.toString();
  }
}
