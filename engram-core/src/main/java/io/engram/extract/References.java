package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pointers to outside systems: dashboards, trackers, error monitors, docs. */
final class References {
  private static final Pattern URL = Pattern.compile("https?://[^\\s<>()\\[\\]\"'`，。、）]+");
  private static final Pattern CONTEXT =
      Pattern.compile(
          "(?i)\\b(dashboards?|tracker|tracked|tickets?|issues|board|backlog|docs|documentation|runbooks?|wiki|"
              + "spec|design doc|monitoring|alerts?|logs|on-?call|status page|playbook)\\b"
              + "|看板|监控|文档|需求|工单|面板|日志|告警|手册|规范");
  private static final Pattern ONE_OFF =
      Pattern.compile("(?i)^(?:please\\s+)?(?:read|fetch|open|summari[sz]e|look at|check out|download|translate)\\b");
  /**
   * Work done once on what a link holds, asked anywhere before the link ("创建博文，总结下面文章中的方法：https://...",
   * "为当前项目安装最新的 tailwindcss@https://...", "install the CLI from https://..."): the link is that work's input, not
   * a place to go back to.
   */
  private static final Pattern ONE_OFF_BEFORE = Pattern.compile(
      "(?i)\\b(?:summari[sz]e|translate|download|install)\\b|总结|概括|翻译|阅读|读取|安装|下载");
  /**
   * A link to one item of a tracker or a CI: an issue, a pull or merge request, a commit, a run or job, a ticket
   * (github.com/o/r/issues/7, /pull/12#discussion_r1, linear.app/t/issue/ENT-212/..., atlassian.net/browse/OPS-4). It
   * names the piece of work at hand ("analyse this issue: ...", "next one: ..."), not a place to go back to; the
   * tracker's own address (/issues, a board) is.
   */
  private static final Pattern ONE_ITEM = Pattern.compile(
      "(?i)/(?:issues|pull|pulls|merge_requests|commit|commits|runs|jobs|actions/runs|browse|issue|tickets?)"
          + "/(?:[a-z]+-)?\\d+(?:[/?#].*)?$|linear\\.app/[^/]+/issue/[a-z0-9]+-\\d+");

  /** Known hosts, in order of precedence: a host fragment and the kind of pointer it is. */
  private static final List<String[]> KINDS =
      List.of(
          new String[] {"grafana", "grafana-dashboard", "dashboards (Grafana)"},
          new String[] {"datadoghq", "datadog-dashboard", "dashboards and monitors (Datadog)"},
          new String[] {"datadog", "datadog-dashboard", "dashboards and monitors (Datadog)"},
          new String[] {"sentry", "sentry-errors", "production errors (Sentry)"},
          new String[] {"kibana", "kibana-logs", "logs (Kibana)"},
          new String[] {"pagerduty", "pagerduty-oncall", "on-call and incidents (PagerDuty)"},
          new String[] {"newrelic", "newrelic-monitoring", "monitoring (New Relic)"},
          new String[] {"honeycomb", "honeycomb-traces", "traces (Honeycomb)"},
          new String[] {"atlassian.net/wiki", "confluence-docs", "team docs (Confluence)"},
          new String[] {"confluence", "confluence-docs", "team docs (Confluence)"},
          new String[] {"atlassian.net", "jira-tracker", "tickets (Jira)"},
          new String[] {"jira", "jira-tracker", "tickets (Jira)"},
          new String[] {"linear.app", "linear-tracker", "tickets (Linear)"},
          new String[] {"youtrack", "youtrack-tracker", "tickets (YouTrack)"},
          new String[] {"trello", "trello-board", "the task board (Trello)"},
          new String[] {"asana", "asana-board", "tasks (Asana)"},
          new String[] {"notion.so", "notion-docs", "docs (Notion)"},
          new String[] {"notion.site", "notion-docs", "docs (Notion)"},
          new String[] {"figma", "figma-designs", "designs (Figma)"},
          new String[] {"/issues", "issue-tracker", "issues"},
          new String[] {"/wiki", "wiki", "the wiki"},
          new String[] {"readthedocs", "docs", "documentation"},
          new String[] {"docs.", "docs", "documentation"},
          new String[] {"/docs", "docs", "documentation"},
          new String[] {"buildkite", "ci-pipeline", "CI builds (Buildkite)"},
          new String[] {"circleci", "ci-pipeline", "CI builds (CircleCI)"},
          new String[] {"jenkins", "ci-pipeline", "CI builds (Jenkins)"});

  private References() {}

  /** One draft per URL that points at an outside system the user will want again. */
  static List<Draft> read(String sentence, ExtractionSettings.Offline limits) {
    List<Draft> out = new ArrayList<>();
    Matcher m = URL.matcher(sentence);
    while (m.find()) {
      String url = m.group().replaceAll("[.,;:!?]+$", "");
      String lower = url.toLowerCase(Locale.ROOT);
      if (lower.matches("https?://(localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0)([:/].*)?") || ONE_ITEM.matcher(lower).find()) {
        continue;
      }
      String[] kind = kindOf(lower);
      boolean context = CONTEXT.matcher(sentence).find();
      if (kind == null && !context || kind == null && ONE_OFF.matcher(sentence.strip()).find()
          || ONE_OFF_BEFORE.matcher(sentence.substring(0, m.start())).find()) {
        continue;
      }
      String host = lower.replaceFirst("https?://", "").replaceFirst("[/:?#].*", "");
      String label = siteLabel(host);
      String name =
          kind == null
              ? Terms.slug("link", host, 3)
              : kind[1] + (label.isEmpty() ? "" : "-" + Terms.slug("", label, 1));
      String what = kind == null ? "what this link is for: " + Terms.clip(sentence, limits.namedChars()) : kind[2];
      out.add(
          new Draft(
              CandidateType.REFERENCE,
              name.replaceAll("-+$", ""),
              "Where to find " + what + ": " + url,
              url + "\n\nFrom: \"" + Terms.clip(sentence, limits.quoteChars()) + '"',
              host + " " + (kind == null ? "" : kind[1]),
              kind == null ? RuleConfidence.GUESSED : RuleConfidence.SAID));
    }
    return out;
  }

  private static String[] kindOf(String url) {
    for (String[] k : KINDS) {
      if (url.contains(k[0])) {
        return k;
      }
    }
    return null;
  }

  /** The label of a host that names the organisation: {@code acme} for {@code acme.atlassian.net}. */
  private static String siteLabel(String host) {
    String[] parts = host.split("\\.");
    for (String p : parts) {
      if (!p.matches("www|app|docs|wiki|grafana|sentry|kibana|jira|linear|notion|so|site|io|com|net|org|cn|dev|"
          + "internal|local|corp|atlassian|datadoghq|eu|us\\d?|[a-z]{2}")) {
        return p;
      }
    }
    return "";
  }
}
