package io.gpulab.app.cli;

import io.gpulab.engine.scenario.Quote;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Text for a terminal with what a file or a server put in it made visible rather than obeyed: control characters
 * (NUL, ESC and the rest of C0, DEL, C1) and the bidirectional overrides a reader cannot see become {@code \x1b} or
 * {@code \u202e}; newline, tab and carriage return (the plan's progress line) pass. stderr always goes through it;
 * stdout when it is a terminal (piped, it is data: JSON escapes its own, a scenario must stay byte-exact).
 */
final class TerminalText extends FilterWriter {

    TerminalText(Writer out) {
        super(out);
    }

    /** {@code s} as {@link TerminalText} writes it. */
    static String escape(String s) {
        return Quote.visible(s);
    }

    @Override
    public void write(int c) throws IOException {
        out.write(escape(String.valueOf((char) c)));
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        out.write(escape(new String(cbuf, off, len)));
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        out.write(escape(str.substring(off, off + len)));
    }
}
