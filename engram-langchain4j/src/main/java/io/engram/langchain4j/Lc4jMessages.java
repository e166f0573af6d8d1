package io.engram.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.engram.hosted.HostedCompaction;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;

/** LangChain4j's chat messages as Engram transcript messages, which extraction and compaction read. */
final class Lc4jMessages {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** How LangChain4j's default content injector introduces retrieved content, and how a recalled memory opens. */
  private static final String INJECTED_MEMORIES = "\n\nAnswer using the following information:\n## ";

  private Lc4jMessages() {}

  static List<TranscriptMessage> toTranscript(List<ChatMessage> messages) {
    List<TranscriptMessage> out = new ArrayList<>(messages.size());
    for (ChatMessage m : messages) {
      out.add(toTranscript(m));
    }
    return out;
  }

  static TranscriptMessage toTranscript(ChatMessage message) {
    if (message instanceof SystemMessage s) {
      return TranscriptMessage.text(Role.SYSTEM, s.text());
    }
    if (message instanceof UserMessage u) {
      String text = userText(u);
      return TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text(text)))
          .compactSummary(HostedCompaction.isContinuation(text)).build();
    }
    if (message instanceof ToolExecutionResultMessage r) {
      return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult(r.id(), r.text(), false)));
    }
    if (message instanceof AiMessage a) {
      List<ContentBlock> blocks = new ArrayList<>();
      if (a.text() != null && !a.text().isBlank()) {
        blocks.add(new ContentBlock.Text(a.text()));
      }
      for (ToolExecutionRequest call : a.toolExecutionRequests()) {
        blocks.add(new ContentBlock.ToolUse(call.id() == null ? "" : call.id(), call.name(), arguments(call)));
      }
      return TranscriptMessage.of(Role.ASSISTANT, blocks);
    }
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.Other(message.type().name())));
  }

  /**
   * The text of {@code message} as the model is sent it: a user message with what a content injector added
   * to it, an assistant's text, a tool's answer.
   */
  static String fullText(ChatMessage message) {
    if (message instanceof SystemMessage s) {
      return s.text();
    }
    if (message instanceof UserMessage u) {
      StringBuilder text = new StringBuilder();
      for (Content c : u.contents()) {
        if (c instanceof TextContent t) {
          text.append(text.length() == 0 ? "" : "\n").append(t.text());
        }
      }
      return text.toString();
    }
    if (message instanceof ToolExecutionResultMessage r) {
      return r.text();
    }
    if (message instanceof AiMessage a) {
      return a.text() == null ? "" : a.text();
    }
    return "";
  }

  /**
   * What the user wrote: the text parts of the message, without the memories LangChain4j's default content
   * injector appended when the agent stores retrieved content in its chat memory (else the extraction
   * pass would read Engram's own memories back as something the user said).
   */
  static String userText(UserMessage u) {
    String text = fullText(u);
    int injected = text.indexOf(INJECTED_MEMORIES);
    return injected < 0 ? text : text.substring(0, injected);
  }

  /** True when {@code message} ends an exchange: the assistant answered and asked for no tool. */
  static boolean endsExchange(ChatMessage message) {
    return message instanceof AiMessage a && !a.hasToolExecutionRequests();
  }

  private static JsonNode arguments(ToolExecutionRequest call) {
    String args = call.arguments() == null ? "" : call.arguments();
    try {
      JsonNode parsed = JSON.readTree(args);
      return parsed == null ? TextNode.valueOf(args) : parsed;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return TextNode.valueOf(args);
    }
  }
}
