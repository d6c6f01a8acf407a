// Monitoring and secrets (release hardening): the ServiceMonitors scrape a Service port that exists, with the
// metrics token from a Secret the scraped pods read too, through the NetworkPolicies, and every pod
// of the shop's own images is scraped; every metric an alert rule names is one the apps export
// (--metrics=<file>: the list per job, which infra/deploy/test checks against the apps' code); and
// when a kustomization brings ExternalSecrets, every Secret key a pod, an Ingress or a
// ServiceMonitor reads is one of them.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// ExternalSecret (external-secrets.io/v1): the part of the operator's schema the shop uses, decoded
// as strictly as the rest (a field outside it fails; the operator's Go module is not on the proxy).
type ExternalSecret struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              ExternalSecretSpec `json:"spec"`
}

type ExternalSecretSpec struct {
	SecretStoreRef  SecretStoreRef       `json:"secretStoreRef"`
	Target          ExternalSecretTarget `json:"target,omitempty"`
	RefreshInterval *metav1.Duration     `json:"refreshInterval,omitempty"`
	Data            []ExternalSecretData `json:"data,omitempty"`
}

type SecretStoreRef struct {
	Name string `json:"name"`
	Kind string `json:"kind,omitempty"`
}

type ExternalSecretTarget struct {
	Name           string                  `json:"name,omitempty"`
	CreationPolicy string                  `json:"creationPolicy,omitempty"`
	DeletionPolicy string                  `json:"deletionPolicy,omitempty"`
	Template       *ExternalSecretTemplate `json:"template,omitempty"`
}

type ExternalSecretTemplate struct {
	Type          string            `json:"type,omitempty"`
	EngineVersion string            `json:"engineVersion,omitempty"`
	Data          map[string]string `json:"data,omitempty"`
}

type ExternalSecretData struct {
	SecretKey string    `json:"secretKey"`
	RemoteRef RemoteRef `json:"remoteRef"`
}

type RemoteRef struct {
	Key      string `json:"key"`
	Property string `json:"property,omitempty"`
	Version  string `json:"version,omitempty"`
}

// The metric names each job exports (jobs are the scraped Services' names).
type exportedMetrics map[string][]string

func loadExportedMetrics(path string) (exportedMetrics, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var list exportedMetrics
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return list, nil
}

// exports: whether a job (any job for "") exports the series `name` (a histogram's _bucket, _sum
// and _count series come with its name).
func (e exportedMetrics) exports(job, name string) bool {
	if prometheusSeries[name] {
		return true
	}
	base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_sum"), "_count")
	for j, names := range e {
		if job != "" && j != job {
			continue
		}
		for _, n := range names {
			if n == name || n == base {
				return true
			}
		}
	}
	return false
}

// The series Prometheus itself records for every scrape target.
var prometheusSeries = map[string]bool{"up": true, "scrape_duration_seconds": true, "scrape_samples_scraped": true,
	"scrape_samples_post_metric_relabeling": true, "scrape_series_added": true}

var promqlKeywords = map[string]bool{"and": true, "or": true, "unless": true, "bool": true, "offset": true, "by": true,
	"without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true, "inf": true, "nan": true, "atan2": true}
var aggregations = map[string]bool{"sum": true, "min": true, "max": true, "avg": true, "group": true, "stddev": true, "stdvar": true,
	"count": true, "count_values": true, "bottomk": true, "topk": true, "quantile": true, "limitk": true, "limit_ratio": true}
var groupingKeywords = map[string]bool{"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true}

// jobOf: the value of a `job="…"` equality matcher among a selector's `{…}`, or "".
func jobOf(matchers string) string {
	for _, matcher := range strings.Split(strings.Trim(matchers, "{}"), ",") {
		name, value, found := strings.Cut(matcher, "=")
		value = strings.TrimSpace(value)
		if found && strings.TrimSpace(name) == "job" && !strings.HasPrefix(value, "~") && len(value) >= 2 && value[0] == '"' {
			return strings.Trim(value, `"`)
		}
	}
	return ""
}

// A metric selector of a PromQL expression: its name and the job its matchers ask for, if one.
type selector struct{ name, job string }

// metricSelectors: the metric names a PromQL expression selects (not its functions, keywords, label
// names, strings or durations), with their `job="…"` matcher.
func metricSelectors(expr string) []selector {
	var found []selector
	isIdentStart := func(c byte) bool { return c == '_' || c == ':' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
	isIdent := func(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }
	skipTo := func(i int, end byte) int {
		for i < len(expr) && expr[i] != end {
			i++
		}
		return i
	}
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			i = skipTo(i+1, c) + 1
		case c == '#':
			i = skipTo(i, '\n')
		case c == '[':
			i = skipTo(i, ']') + 1
		case c == '{':
			i = skipTo(i, '}') + 1
		case c >= '0' && c <= '9' || c == '.':
			for i < len(expr) && (isIdent(expr[i]) || expr[i] == '.') {
				i++
			}
		case isIdentStart(c):
			start := i
			for i < len(expr) && isIdent(expr[i]) {
				i++
			}
			word := expr[start:i]
			next := i
			for next < len(expr) && (expr[next] == ' ' || expr[next] == '\n' || expr[next] == '\t') {
				next++
			}
			switch {
			case groupingKeywords[strings.ToLower(word)] && next < len(expr) && expr[next] == '(':
				i = skipTo(next, ')') + 1
			case promqlKeywords[strings.ToLower(word)] || aggregations[strings.ToLower(word)]:
			case next < len(expr) && expr[next] == '(':
				// a function
			default:
				s := selector{name: word}
				if next < len(expr) && expr[next] == '{' {
					end := skipTo(next, '}')
					s.job = jobOf(expr[next:end])
					i = end + 1
				}
				found = append(found, s)
			}
		default:
			i++
		}
	}
	return found
}

// secretKeys: every Secret key the workloads, Ingresses and ServiceMonitors read, with who reads it.
func secretKeys(m *manifests) map[string]string {
	used := map[string]string{}
	for _, w := range m.workloads() {
		owner := fmt.Sprintf("%s %s", w.kind, w.name)
		for _, c := range append(append([]corev1.Container{}, w.pod.Spec.InitContainers...), w.pod.Spec.Containers...) {
			for _, env := range c.Env {
				if env.ValueFrom != nil && env.ValueFrom.SecretKeyRef != nil && (env.ValueFrom.SecretKeyRef.Optional == nil || !*env.ValueFrom.SecretKeyRef.Optional) {
					used[env.ValueFrom.SecretKeyRef.Name+"/"+env.ValueFrom.SecretKeyRef.Key] = owner
				}
			}
		}
		for _, v := range w.pod.Spec.Volumes {
			if v.Secret != nil {
				used[v.Secret.SecretName+"/*"] = owner
			}
		}
	}
	for _, ing := range m.ingresses {
		for _, tls := range ing.Spec.TLS {
			used[tls.SecretName+"/tls.crt"] = "Ingress " + ing.Name
			used[tls.SecretName+"/tls.key"] = "Ingress " + ing.Name
		}
	}
	for _, sm := range m.serviceMonitors {
		for _, ep := range sm.Spec.Endpoints {
			if ep.Authorization != nil && ep.Authorization.Credentials != nil {
				used[ep.Authorization.Credentials.Name+"/"+ep.Authorization.Credentials.Key] = "ServiceMonitor " + sm.Name
			}
		}
	}
	return used
}

func checkExternalSecrets(r *report, m *manifests) {
	if len(m.externalSecrets) == 0 {
		return
	}
	provided := map[string]bool{}
	for _, es := range m.externalSecrets {
		name := "ExternalSecret " + es.Name
		target := es.Spec.Target.Name
		if target == "" {
			target = es.Name
		}
		if es.Spec.SecretStoreRef.Name == "" {
			r.add("%s: names no secretStoreRef", name)
		}
		if es.Spec.RefreshInterval == nil || es.Spec.RefreshInterval.Duration <= 0 {
			r.add("%s: needs a refreshInterval (a rotated value must reach the cluster)", name)
		}
		if len(es.Spec.Data) == 0 {
			r.add("%s: maps no key", name)
		}
		provided[target+"/*"] = true
		for _, d := range es.Spec.Data {
			if d.SecretKey == "" || d.RemoteRef.Key == "" {
				r.add("%s: every data entry needs a secretKey and a remoteRef.key", name)
			}
			provided[target+"/"+d.SecretKey] = true
		}
	}
	used := secretKeys(m)
	keys := make([]string, 0, len(used))
	for key := range used {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if !provided[key] {
			r.add("%s reads Secret key %s, which no ExternalSecret provides", used[key], key)
		}
	}
}

func checkMonitoring(r *report, m *manifests, exported exportedMetrics) {
	scraped := map[string]bool{} // Deployment name -> scraped
	for _, sm := range m.serviceMonitors {
		name := "ServiceMonitor " + sm.Name
		namespaces := sm.Spec.NamespaceSelector.MatchNames
		if len(namespaces) == 0 {
			namespaces = []string{sm.Namespace}
		}
		selector, err := metav1.LabelSelectorAsSelector(&sm.Spec.Selector)
		if err != nil || selector.Empty() {
			r.add("%s: needs a selector of the Services it scrapes", name)
			continue
		}
		var services []*corev1.Service
		for _, s := range m.services {
			if containsString(namespaces, s.Namespace) && selector.Matches(labels.Set(s.Labels)) {
				services = append(services, s)
			}
		}
		if len(services) == 0 {
			r.add("%s: selects no Service", name)
		}
		for i, ep := range sm.Spec.Endpoints {
			where := fmt.Sprintf("%s endpoint %d", name, i)
			auth := ep.Authorization
			if auth == nil || auth.Credentials == nil || (auth.Type != "" && !strings.EqualFold(auth.Type, "Bearer")) {
				r.add("%s: needs authorization with the metrics token as a Bearer credential from a Secret", where)
			}
			if ep.Port == "" && ep.TargetPort == nil {
				r.add("%s: names no port", where)
				continue
			}
			for _, s := range services {
				var port *corev1.ServicePort
				for j := range s.Spec.Ports {
					if ep.Port != "" && s.Spec.Ports[j].Name == ep.Port {
						port = &s.Spec.Ports[j]
					}
				}
				if ep.Port != "" && port == nil {
					r.add("%s: Service %s has no port named %s", where, s.Name, ep.Port)
					continue
				}
				if port == nil {
					port = &corev1.ServicePort{Port: ep.TargetPort.IntVal, TargetPort: *ep.TargetPort}
					if ep.TargetPort.Type == intstr.Int && port.TargetPort.IntVal == 0 {
						continue
					}
				}
				for _, callee := range m.selected(s) {
					scraped[callee.name] = true
					if number, portName, ok := targetPort(callee, port); ok {
						m.checkPair(r, "Prometheus (namespace "+monitoringNamespace+")", outsideNamespace(monitoringNamespace), callee, number, portName, name)
					}
					if auth != nil && auth.Credentials != nil && !readsSecret(callee, "METRICS_TOKEN", auth.Credentials) {
						r.add("%s: %s %s does not read METRICS_TOKEN from Secret %s key %s, the token the scrape sends", where, callee.kind, callee.name, auth.Credentials.Name, auth.Credentials.Key)
					}
				}
			}
		}
	}
	if len(m.serviceMonitors) > 0 {
		for _, d := range m.deployments {
			for _, c := range d.Spec.Template.Spec.Containers {
				if strings.Contains(repository(c.Image), "toolshop/") && !scraped[d.Name] {
					r.add("Deployment %s: no ServiceMonitor scrapes its metrics", d.Name)
				}
			}
		}
	}
	for _, rule := range m.prometheusRules {
		checkRules(r, rule, exported)
	}
}

func readsSecret(w workload, env string, key *corev1.SecretKeySelector) bool {
	for _, c := range w.pod.Spec.Containers {
		for _, e := range c.Env {
			if e.Name == env && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil &&
				e.ValueFrom.SecretKeyRef.Name == key.Name && e.ValueFrom.SecretKeyRef.Key == key.Key {
				return true
			}
		}
	}
	return false
}

var severities = map[string]bool{"critical": true, "warning": true, "info": true}

func checkRules(r *report, rule *monitoringv1.PrometheusRule, exported exportedMetrics) {
	name := "PrometheusRule " + rule.Name
	if exported == nil {
		r.add("%s: the validator needs --metrics=<file> (the metric names each job exports) to check its rules", name)
	}
	for _, group := range rule.Spec.Groups {
		for _, alert := range group.Rules {
			where := fmt.Sprintf("%s alert %s", name, alert.Alert)
			if alert.Record != "" {
				where = fmt.Sprintf("%s record %s", name, alert.Record)
			}
			expr := alert.Expr.String()
			if strings.TrimSpace(expr) == "" || strings.Count(expr, "(") != strings.Count(expr, ")") || strings.Count(expr, "{") != strings.Count(expr, "}") {
				r.add("%s: expr is empty or unbalanced", where)
			}
			if alert.Alert != "" {
				if !severities[alert.Labels["severity"]] {
					r.add("%s: needs a severity label (critical, warning or info)", where)
				}
				if alert.Annotations["summary"] == "" {
					r.add("%s: needs a summary annotation", where)
				}
			}
			selectors := metricSelectors(expr)
			if len(selectors) == 0 {
				r.add("%s: selects no metric", where)
			}
			if exported == nil {
				continue
			}
			for _, s := range selectors {
				switch {
				case s.job != "" && exported[s.job] == nil:
					r.add("%s: job %q is none of the scraped jobs (%s)", where, s.job, strings.Join(jobsOf(exported), ", "))
				case !exported.exports(s.job, s.name) && s.job != "":
					r.add("%s: job %s exports no metric %s", where, s.job, s.name)
				case !exported.exports("", s.name):
					r.add("%s: no app exports a metric %s", where, s.name)
				}
			}
		}
	}
}

func jobsOf(e exportedMetrics) []string {
	var jobs []string
	for job := range e {
		jobs = append(jobs, job)
	}
	sort.Strings(jobs)
	return jobs
}
