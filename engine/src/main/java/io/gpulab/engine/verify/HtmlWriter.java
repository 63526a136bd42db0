package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.LabState;
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

/** A standalone HTML page of a verify run, built as a DOM so every text is escaped by the JDK. */
public final class HtmlWriter {

    private static final String CSS = "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}.pass{color:#1a7f37}"
            + ".fail{color:#cf222e;font-weight:bold}.done{color:#57606a}";

    private HtmlWriter() {
    }

    public static void write(RunResult run, String backend, OutputStream out) throws IOException {
        try {
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element html = el(doc, doc, "html");
            Element head = el(doc, html, "head");
            el(doc, head, "meta").setAttribute("charset", "utf-8");
            el(doc, head, "title").setTextContent("gpulab verify: " + run.scenario());
            el(doc, head, "style").setTextContent(CSS);
            Element body = el(doc, html, "body");
            el(doc, body, "h1").setTextContent("gpulab verify: " + run.scenario());
            el(doc, body, "p").setTextContent("Backend " + backend + ": " + run.summary().passed() + " passed, "
                    + run.summary().failed() + " failed.");
            el(doc, body, "p").setTextContent("Every step, in file order. Evidence: what was observed and every "
                    + "comparison (expected and observed), also for passing checks; virtual time is the lab's clock "
                    + "after the step.");
            Element checks = el(doc, body, "table");
            row(doc, checks, "th", "#", "line", "step", "result", "evidence", "virtual time", "wall ms");
            for (StepResult s : run.steps()) {
                String result = StepEvidence.result(s);
                Element tr = row(doc, checks, "td", Integer.toString(s.index()), Integer.toString(s.line()), s.title(),
                        "PASS".equals(result) ? "passed" : "FAIL".equals(result) ? "FAILED" : "done",
                        MarkdownWriter.evidence(s), s.virtualTime() == null ? "" : s.virtualTime(),
                        String.format(java.util.Locale.ROOT, "%.3f", s.wallMillis()));
                ((Element) tr.getChildNodes().item(3)).setAttribute("class",
                        "FAIL".equals(result) ? "fail" : "PASS".equals(result) ? "pass" : "done");
            }
            el(doc, body, "h2").setTextContent("Final state");
            Element state = el(doc, body, "table");
            row(doc, state, "th", "tenant", "node", "card", "type", "memory MB", "cores", "slots", "health", "lock");
            for (LabState.Tenant t : run.state().tenants()) {
                for (LabState.Node n : t.nodes()) {
                    for (LabState.Card c : n.cards()) {
                        row(doc, state, "td", t.name(), n.name(), c.id(), c.type(), c.usedMemMB() + " / " + c.memMB(),
                                c.usedCores() + " / " + c.cores(), c.usedSlots() + " / " + c.slots(),
                                c.health() ? "ok" : "unhealthy",
                                n.lock() == null ? "free" : "held by " + n.lock().holder());
                    }
                }
            }
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.METHOD, "html");
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            out.write("<!DOCTYPE html>\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            t.transform(new DOMSource(doc), new StreamResult(out));
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IOException("cannot write HTML: " + e.getMessage(), e);
        }
    }

    private static Element el(Document doc, org.w3c.dom.Node parent, String name) {
        Element e = doc.createElement(name);
        parent.appendChild(e);
        return e;
    }

    private static Element row(Document doc, Element table, String cell, String... values) {
        Element tr = el(doc, table, "tr");
        for (String v : values) {
            el(doc, tr, cell).setTextContent(v);
        }
        return tr;
    }
}
