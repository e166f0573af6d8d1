/**
 * {@code engram demo}: a two-session story replayed offline on a generated sample project, through the
 * real hooks and engines. {@code DemoRun} drives the steps; {@code DemoProject} writes the sample
 * repository, {@code DemoStory} and {@code DemoTranscript} the sessions as Claude Code JSONL
 * ({@code TranscriptLine} records); each {@code Demo*} step class checks what its layer did, so the story fails
 * loudly when a layer breaks. {@code StepData} holds what each step measured, the {@code data} of
 * {@code demo --json}.
 */
package io.engram.cli.demo;
