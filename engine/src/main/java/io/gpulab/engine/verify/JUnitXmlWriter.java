package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepEvidence;
import io.gpulab.engine.scenario.StepResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The JUnit XML CI servers read: one {@code testsuite} per scenario, one {@code testcase} per checked
 * step (its real time, and its evidence in {@code system-out}), a {@code failure} element with the
 * mismatches for each that did not hold; the suite's {@code system-out} lists every step.
 */
public final class JUnitXmlWriter {

    private JUnitXmlWriter() {
    }

    /**
     * @param backend   the backend id, recorded as a property
     * @param seconds   wall time of the run
     */
    public static void write(RunResult run, String backend, double seconds, OutputStream out) throws IOException {
        try {
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element suite = doc.createElement("testsuite");
            doc.appendChild(suite);
            long tests = run.steps().stream().filter(StepResult::check).count();
            suite.setAttribute("name", "gpulab." + run.scenario());
            suite.setAttribute("tests", Long.toString(tests));
            suite.setAttribute("failures", Integer.toString(run.summary().failed()));
            suite.setAttribute("errors", "0");
            suite.setAttribute("skipped", "0");
            suite.setAttribute("time", String.format(Locale.ROOT, "%.3f", seconds));
            Element props = doc.createElement("properties");
            suite.appendChild(props);
            props.appendChild(property(doc, "backend", backend));
            props.appendChild(property(doc, "scenario", run.scenario()));
            for (StepResult s : run.steps()) {
                if (s.check()) {
                    suite.appendChild(testcase(doc, run.scenario(), s));
                }
            }
            // every step, checks and actions alike, numbered as in the file: what happened between two checks
            StringBuilder all = new StringBuilder();
            for (StepResult s : run.steps()) {
                all.append(String.format(Locale.ROOT, "%3d %-4s %s (line %d; %s)%n", s.index(), StepEvidence.result(s),
                        s.title(), s.line(), StepEvidence.when(s)));
            }
            Element steps = doc.createElement("system-out");
            steps.setTextContent(all.toString());
            suite.appendChild(steps);
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            t.transform(new DOMSource(doc), new StreamResult(out));
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IOException("cannot write JUnit XML: " + e.getMessage(), e);
        }
    }

    private static Element property(Document doc, String name, String value) {
        Element p = doc.createElement("property");
        p.setAttribute("name", name);
        p.setAttribute("value", value);
        return p;
    }

    private static Element testcase(Document doc, String scenario, StepResult s) {
        Element tc = doc.createElement("testcase");
        tc.setAttribute("classname", "gpulab." + scenario);
        tc.setAttribute("name", String.format(Locale.ROOT, "%02d %s", s.index(), s.title()));
        // microseconds: most simulated steps take well under a millisecond, and 0.000 would read as "not timed"
        tc.setAttribute("time", String.format(Locale.ROOT, "%.6f", s.wallMillis() / 1000.0));
        if (!s.passed()) {
            Element f = doc.createElement("failure");
            f.setAttribute("type", "ExpectationFailed");
            f.setAttribute("message", String.join("; ", s.problems()));
            f.setTextContent("step " + s.index() + " (line " + s.line() + "): " + String.join("\n", s.problems()));
            tc.appendChild(f);
        }
        // the evidence of a passing check as much as of a failing one
        Element out = doc.createElement("system-out");
        String seen = StepEvidence.observed(s);
        out.setTextContent("step " + s.index() + " (line " + s.line() + "), " + StepEvidence.when(s) + "\n"
                + (seen.isEmpty() ? "" : "observed: " + seen + "\n")
                + (s.compared().isEmpty() ? "" : "compared: " + StepEvidence.compared(s) + "\n"));
        tc.appendChild(out);
        return tc;
    }
}
