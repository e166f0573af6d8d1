#!/usr/bin/env bash
# Checks that Engram's artifacts can be depended on, as the README says: installs every module into a
# throwaway local Maven repository (what `./mvnw install` puts in ~/.m2, without touching ~/.m2, which it only
# reads from for third-party jars), checks the artifacts the README names are there, builds and tests both
# examples against what was installed (each on its own, outside the reactor, as a project of yours would), and
# compiles the README's two quick starts in projects of their own: LangChain4j's, and Spring AI's on both
# Spring lines (Boot 4 with Spring AI 2, Boot 3.5 with Spring AI 1.1).
#
#   scripts/check-artifacts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
repo=$(mktemp -d -t engram-m2.XXXXXX)
work=$(mktemp -d -t engram-consumer.XXXXXX)
trap 'rm -rf "$repo" "$work"' EXIT
mvn=("$root/mvnw" -B -q "-Dmaven.repo.local=$repo" "-Dmaven.repo.local.tail=$HOME/.m2/repository")

# A property of the parent POM, where every version is set.
property() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" pom.xml | head -1; }
version=$(sed -n '/<artifactId>engram-parent<\/artifactId>/{n;s:.*<version>\(.*\)</version>.*:\1:p;}' pom.xml)

echo "== ./mvnw install (into $repo)"
"${mvn[@]}" install -DskipTests -Dengram.fuzz.skip=true
for artifact in engram-parent engram-core engram-langchain4j engram-spring-ai; do
  dir="$repo/io/engram/$artifact/$version"
  test -f "$dir/$artifact-$version.pom" || { echo "missing: $artifact $version" >&2; exit 1; }
  if [ "$artifact" != engram-parent ]; then
    test -f "$dir/$artifact-$version.jar" || { echo "missing: $artifact-$version.jar" >&2; exit 1; }
  fi
  echo "installed: io.engram:$artifact:$version"
done

for example in langchain4j-agent spring-ai-agent; do
  echo "== examples/$example on its own, against the installed artifacts"
  "${mvn[@]}" -f "examples/$example/pom.xml" verify
done

# The first ```java block after the README heading $1.
snippet() {
  awk -v heading="$1" '
    $0 == heading { found = 1; next }
    found && /^```java/ { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }' README.md
}

consumer() { # directory, dependency management, dependencies
  mkdir -p "$1/src/main/java"
  cat > "$1/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>quick-start</artifactId>
  <version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release></properties>
  <dependencyManagement><dependencies>$2</dependencies></dependencyManagement>
  <dependencies>$3</dependencies>
</project>
POM
}

echo "== the README's LangChain4j quick start"
lc4j=$(property langchain4j.version)
consumer "$work/langchain4j" "" "
  <dependency><groupId>io.engram</groupId><artifactId>engram-langchain4j</artifactId><version>$version</version></dependency>
  <dependency><groupId>dev.langchain4j</groupId><artifactId>langchain4j</artifactId><version>$lc4j</version></dependency>
  <dependency><groupId>dev.langchain4j</groupId><artifactId>langchain4j-open-ai</artifactId><version>$lc4j</version></dependency>"
{
  echo "import dev.langchain4j.model.openai.OpenAiChatModel;"
  echo "import dev.langchain4j.service.AiServices;"
  echo "import dev.langchain4j.service.MemoryId;"
  echo "import dev.langchain4j.service.UserMessage;"
  echo "import io.engram.hosted.HostedMemory;"
  echo "import io.engram.langchain4j.*;"
  echo "import java.nio.file.Path;"
  echo "public class QuickStart {"
  # The snippet's declarations go in the class, its statements in main.
  snippet "### LangChain4j" | grep '^interface '
  echo "  public static void main(String[] args) throws Exception {"
  snippet "### LangChain4j" | grep -v '^interface '
  echo "  }"
  echo "}"
} > "$work/langchain4j/src/main/java/QuickStart.java"
grep -q "EngramChatMemory.builder" "$work/langchain4j/src/main/java/QuickStart.java" \
  || { echo "README.md has no LangChain4j quick start under '### LangChain4j'" >&2; exit 1; }
"${mvn[@]}" -f "$work/langchain4j/pom.xml" compile

for line in "$(property spring-boot.version) $(property spring-ai.version)" \
    "$(property spring-boot3.version) $(property spring-ai1.version)"; do
  read -r boot ai <<< "$line"
  echo "== the README's Spring AI quick start on Spring Boot $boot with Spring AI $ai"
  consumer "$work/spring-$boot" "
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId>
      <version>$boot</version><type>pom</type><scope>import</scope></dependency>
    <dependency><groupId>org.springframework.ai</groupId><artifactId>spring-ai-bom</artifactId>
      <version>$ai</version><type>pom</type><scope>import</scope></dependency>" "
    <dependency><groupId>io.engram</groupId><artifactId>engram-spring-ai</artifactId><version>$version</version></dependency>
    <dependency><groupId>org.springframework.ai</groupId><artifactId>spring-ai-starter-model-openai</artifactId></dependency>"
  {
    echo "import io.engram.springai.*;"
    echo "import org.springframework.ai.chat.client.ChatClient;"
    echo "import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;"
    echo "import org.springframework.ai.chat.memory.ChatMemory;"
    echo "import org.springframework.boot.SpringApplication;"
    echo "import org.springframework.boot.autoconfigure.SpringBootApplication;"
    echo "import org.springframework.context.annotation.Bean;"
    snippet "### Spring AI"
  } > "$work/spring-$boot/src/main/java/Application.java"
  grep -q "EngramAdvisor engram" "$work/spring-$boot/src/main/java/Application.java" \
    || { echo "README.md has no Spring AI quick start under '### Spring AI'" >&2; exit 1; }
  "${mvn[@]}" -f "$work/spring-$boot/pom.xml" compile
done

echo "The artifacts install, the examples build and pass against them, and the quick starts compile."
