package io.gpulab.app.cli;

import io.gpulab.engine.scenario.ReaderLimits;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The stream an import writes its scenario through: past {@link ReaderLimits#MAX_FILE_BYTES}, the largest file
 * {@code gpulab run} reads, it fails, so the import is refused with the limit instead of writing a file run refuses
 * (the whole-or-nothing writer then leaves no file).
 */
final class ScenarioSizeLimit extends FilterOutputStream {

    private long written;

    private ScenarioSizeLimit(OutputStream out) {
        super(out);
    }

    static OutputStream of(OutputStream out) {
        return new ScenarioSizeLimit(out);
    }

    @Override
    public void write(int b) throws IOException {
        count(1);
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        count(len);
        out.write(b, off, len);
    }

    private void count(int n) throws IOException {
        written += n;
        if (written > ReaderLimits.MAX_FILE_BYTES) {
            throw new IOException(String.format(Locale.ROOT, "the scenario would be larger than %,d bytes (%d MiB), "
                    + "the largest file gpulab run reads; import less (fewer namespaces or rows)",
                    ReaderLimits.MAX_FILE_BYTES, ReaderLimits.MAX_FILE_BYTES >> 20));
        }
    }
}
