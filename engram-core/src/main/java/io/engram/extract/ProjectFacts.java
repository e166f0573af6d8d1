package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Facts about the project: its package manager and commands, services the tests need, deadlines. */
final class ProjectFacts {
  private static final String PM =
      "(pnpm|npm|yarn|bun|pipenv|pip3?|poetry|uv|cargo|mvnw|mvn|maven|gradlew|gradle|npx|bunx)";
  private static final Pattern PM_STATEMENT =
      Pattern.compile(
          "(?i)(?:\\b(?:we|i|this (?:project|repo|repository|codebase|service)|the (?:project|repo|repository|codebase)|it)"
              + "\\s+(?:only\\s+)?(?:use|uses|are using|is using|use only|builds? with|manages? deps with|is managed with)"
              + "\\s+(?:\\./)?"
              + PM
              + "\\b"
              + "|\\buse\\s+(?:\\./)?"
              + PM
              + "\\b[^.。]{0,40}?\\b(?:not|instead of|rather than|over)\\s+"
              + PM
              + "\\b"
              + "|\\b"
              + PM
              + "\\s*,?\\s+not\\s+"
              + PM
              + "\\b"
              + "|(?<!不要|别|不|不要再)(?:用|使用|改用|换成|换用)\\s*"
              + PM
              + "(?![a-z])"
              + "|"
              + PM
              + "\\s*(?:而不是|而非|代替|替代))");
  private static final Pattern PM_COMMAND =
      Pattern.compile(
          "(?i)(?:`|\\b(?:run|use|try|execute|build with|test with|install with|build it with|test it with)\\s+"
              + "|(?:跑|运行|执行|用)\\s*`?)"
              + "(?:\\./)?"
              + PM
              + "\\s+(?:install|i|add|ci|run|test|build|sync|exec|dlx|check|clippy|lint|start|dev|verify|package|"
              + "clean|lock|publish|compile|assemble|update|pytest|fmt)\\b[^`\\n,;。，]*");
  private static final Pattern SERVICE =
      Pattern.compile(
          "(?i)\\b(redis|postgres(?:ql)?|mysql|mariadb|mongo(?:db)?|kafka|rabbitmq|elasticsearch|opensearch|"
              + "docker(?:[ -]compose)?|localstack|memcached|minio|zookeeper|selenium|chromedriver|cassandra|nats|"
              + "testcontainers|wiremock|keycloak)\\b");
  private static final Pattern TEST_CONTEXT =
      Pattern.compile("(?i)\\b(tests?|testing|specs?|integration|e2e|ci)\\b|测试|单测|集成");
  private static final Pattern NEED =
      Pattern.compile(
          "(?i)\\b(need|needs|require|requires|depend|depends|must be (?:up|running)|running|start|spin up|"
              + "bring up|up)\\b|需要|依赖|启动|起一个|先起|先开|开着");
  private static final Pattern DATE =
      Pattern.compile(
          "(?i)\\b20\\d\\d-[01]\\d-[0-3]\\d\\b"
              + "|\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b"
              + "|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\b"
              + "|\\b(?:next|this)\\s+(?:monday|tuesday|wednesday|thursday|friday|week|month|sprint)\\b"
              + "|\\b(?:by|on|before|until)\\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b"
              + "|\\d{1,2}\\s*月\\s*\\d{1,2}\\s*[日号]|[下本这]?(?:周|星期|礼拜)[一二三四五六日天]|月底|月初|年底");
  private static final Pattern DEADLINE_WORD =
      Pattern.compile(
          "(?i)\\b(deadline|due|freeze|freezing|frozen|release|ship|shipping|launch|cut|cutoff|go-live|"
              + "milestone|demo|code complete|feature complete)\\b|截止|交付|发布|上线|冻结|封版|提测|演示|到期|里程碑");

  private ProjectFacts() {}

  /** The package manager a sentence states, or a command the user asks to run that reveals it. */
  static Optional<Draft> packageManager(String sentence, boolean statementsOnly,
      ExtractionSettings.Offline limits) {
    Matcher st = PM_STATEMENT.matcher(sentence);
    String pm = null;
    double confidence = RuleConfidence.SAID;
    if (st.find()) {
      pm = firstGroup(st);
    }
    List<String> commands = new ArrayList<>();
    Matcher cmd = PM_COMMAND.matcher(sentence);
    while (cmd.find()) {
      commands.add(cmd.group().replaceFirst("(?i)^(?:`|run|use|try|execute|build with|test with|install with|"
          + "build it with|test it with|跑|运行|执行|用)\\s*`?", "").strip());
      if (pm == null) {
        pm = cmd.group(1);
        confidence = RuleConfidence.GUESSED;
      }
    }
    if (pm == null || statementsOnly && confidence < RuleConfidence.SAID) {
      return Optional.empty();
    }
    String tool = canonical(pm);
    // The memory is written in the user's language: a Chinese sentence gets a Chinese description and body.
    boolean chinese = sentence.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    String listed = String.join(chinese ? "、" : ", ", commands.stream().map(c -> "`" + c + "`").toList());
    StringBuilder body = new StringBuilder(chinese ? "本项目使用 " + tool + "。" : "This project uses " + tool + ".");
    if (!commands.isEmpty()) {
      body.append(chinese ? "命令：" + listed + "。" : " Commands: " + listed + ".");
    }
    String quote = Terms.clip(sentence, limits.quoteChars());
    body.append(chinese ? "\n\n用户原话：“" + quote + "”" : "\n\nFrom the user: \"" + quote + "\"");
    return Optional.of(
        new Draft(
            CandidateType.PROJECT,
            "package-manager-" + tool,
            chinese ? "本项目使用的包管理器和命令：" + tool : "Which package manager and commands to use in this project: " + tool,
            body.toString(),
            tool + " " + String.join(" ", commands),
            confidence));
  }

  /** Services the tests need running (Redis, Postgres, Docker...). */
  static Optional<Draft> testServices(String sentence, ExtractionSettings.Offline limits) {
    if (!TEST_CONTEXT.matcher(sentence).find() || !NEED.matcher(sentence).find()) {
      return Optional.empty();
    }
    Set<String> services = new LinkedHashSet<>();
    Matcher m = SERVICE.matcher(sentence);
    while (m.find()) {
      services.add(m.group(1).toLowerCase(Locale.ROOT).replaceAll("[ -]compose", "").replace("postgresql", "postgres"));
    }
    if (services.isEmpty()) {
      return Optional.empty();
    }
    String list = String.join(", ", services);
    return Optional.of(
        new Draft(
            CandidateType.PROJECT,
            "tests-need-" + String.join("-", services.stream().limit(3).toList()),
            "What must be running before the tests: " + list,
            "The tests need: " + list + ".\n\nFrom the user: \"" + Terms.clip(sentence, limits.quoteChars()) + '"',
            "tests need " + list,
            RuleConfidence.INFERRED));
  }

  /**
   * A deadline, freeze or release date; with the day it was said, the date is pinned to the calendar from that
   * day (the sentence itself is quoted as said).
   */
  static Optional<Draft> deadline(String sentence, Optional<java.time.LocalDate> said,
      ExtractionSettings.Offline limits) {
    Matcher d = DATE.matcher(sentence);
    if (!d.find() || !DEADLINE_WORD.matcher(sentence).find()) {
      return Optional.empty();
    }
    String date = d.group().strip();
    Optional<java.time.LocalDate> day = said.flatMap(s -> DeadlineDates.pin(date, s));
    String dateSlug = day.map(Object::toString)
        .orElse(date.replaceAll("(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]", "$1-$2"));
    String shown = day.filter(x -> !x.toString().equals(date)).map(x -> x + " (" + date + ")").orElse(date);
    String quoted = said.map(s -> "The user said on " + s + ": \"").orElse("The user said: \"")
        + Terms.clip(sentence, limits.deadlineQuoteChars()) + '"';
    String when = day.isPresent() && !day.get().toString().equals(date)
        ? "Date: " + date + " (" + day.get() + "), counted from " + said.get() + ", the day it was said."
        : day.isPresent() ? "Date: " + date + "."
        : "(Date as the user said it: \"" + date + "\"; the day it was said is not known.)";
    return Optional.of(
        new Draft(
            CandidateType.PROJECT,
            Terms.slug("deadline", dateSlug.replaceAll("[^0-9A-Za-z\\p{IsHan}]+", " "), 4),
            "Deadline or freeze date that constrains the work: " + shown,
            quoted + "\n\n" + when,
            date + " " + sentence,
            RuleConfidence.INFERRED));
  }

  private static String firstGroup(Matcher m) {
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.group(g) != null) {
        return m.group(g);
      }
    }
    throw new IllegalStateException("package-manager pattern matched without a group");
  }

  private static String canonical(String pm) {
    String p = pm.toLowerCase(Locale.ROOT);
    return switch (p) {
      case "mvn", "mvnw" -> "maven";
      case "gradlew" -> "gradle";
      case "pip3" -> "pip";
      case "npx" -> "npm";
      case "bunx" -> "bun";
      default -> p;
    };
  }
}
