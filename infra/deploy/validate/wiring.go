// The wiring between the pods, read from the manifests: every URL a pod is given (its env values,
// the ConfigMaps it reads through envFrom, configMapKeyRef or a volume) is something it talks to.
// A URL naming an in-cluster Service (<svc>, <svc>.<ns>, <svc>.<ns>.svc[.cluster.local]) must name
// a port that Service has; each such pair of pods, and each pod reaching a host outside the cluster,
// must be let out by the NetworkPolicies selecting the caller and let in by those selecting the
// callee, on the callee's container port (the Service's targetPort). So must the ingress
// controller's traffic to each Ingress backend and Prometheus's to each ServiceMonitor target.
package main

import (
	"fmt"
	"net"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// browserOnlyKeys: a ConfigMap's annotation listing (comma-separated) the keys whose URLs the pods
// only hand to browsers (config.json, CORS origins): those need no egress from the pods. Their
// in-cluster URLs must still name a Service port that exists.
const browserOnlyKeys = "validate.toolshop.example.com/browser-only-keys"

// Where the traffic from outside the namespace comes from: the ingress controller (ingressClassName
// nginx) and Prometheus (the ServiceMonitors' scrapes), each in its namespace.
const (
	ingressControllerNamespace = "ingress-nginx"
	monitoringNamespace        = "monitoring"
)

var urlPattern = regexp.MustCompile(`\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s"',;<>]+)`)

var defaultPorts = map[string]int32{"http": 80, "https": 443, "mongodb": 27017, "postgres": 5432, "postgresql": 5432}

// A pod template of a workload (Deployment, Job).
type workload struct {
	kind, name, namespace string
	pod                   *corev1.PodTemplateSpec
}

// One end of a connection: pods of a workload, any pod of a namespace outside the manifests, or a
// host outside the cluster.
type peer struct {
	namespace string
	nsLabels  map[string]string
	labels    map[string]string
	anyPod    bool // a namespace's pods whose labels the manifests do not know (the ingress controller's)
	external  net.IP
	outside   bool
}

// A URL found in a value, with where it was found.
type foundURL struct {
	raw, scheme, host, where string
	port                     int32
	browserOnly              bool
}

func urlsIn(value, where string, browserOnly bool) []foundURL {
	var found []foundURL
	for _, match := range urlPattern.FindAllString(value, -1) {
		parsed, err := url.Parse(match)
		if err != nil || parsed.Hostname() == "" {
			continue
		}
		scheme := strings.ToLower(parsed.Scheme)
		port, known := defaultPorts[scheme]
		if parsed.Port() != "" {
			number, err := strconv.Atoi(parsed.Port())
			if err != nil {
				continue
			}
			port, known = int32(number), true
		}
		if !known {
			continue
		}
		found = append(found, foundURL{raw: match, scheme: scheme, host: strings.ToLower(parsed.Hostname()), port: port, where: where, browserOnly: browserOnly})
	}
	return found
}

func (m *manifests) namespaceLabels(name string) map[string]string {
	result := map[string]string{"kubernetes.io/metadata.name": name}
	if ns := m.namespaces[name]; ns != nil {
		for k, v := range ns.Labels {
			result[k] = v
		}
	}
	return result
}

func (m *manifests) knownNamespace(name string) bool {
	if m.namespaces[name] != nil {
		return true
	}
	for _, s := range m.services {
		if s.Namespace == name {
			return true
		}
	}
	return false
}

// clusterService: the Service a host names from namespace `from`, if the host is an in-cluster name.
func (m *manifests) clusterService(host, from string) (name, namespace string, inCluster bool) {
	if host == "localhost" || net.ParseIP(host) != nil {
		return "", "", false
	}
	trimmed := strings.TrimSuffix(strings.TrimSuffix(host, ".cluster.local"), ".svc")
	parts := strings.Split(trimmed, ".")
	switch {
	case trimmed != host && len(parts) == 2:
		return parts[0], parts[1], true
	case len(parts) == 1:
		return parts[0], from, true
	case len(parts) == 2 && m.knownNamespace(parts[1]):
		return parts[0], parts[1], true
	}
	return "", "", false
}

func (m *manifests) service(name, namespace string) *corev1.Service {
	for _, s := range m.services {
		if s.Name == name && s.Namespace == namespace {
			return s
		}
	}
	return nil
}

func servicePort(s *corev1.Service, port int32) *corev1.ServicePort {
	for i := range s.Spec.Ports {
		if s.Spec.Ports[i].Port == port {
			return &s.Spec.Ports[i]
		}
	}
	return nil
}

func portList(s *corev1.Service) string {
	var ports []string
	for _, p := range s.Spec.Ports {
		ports = append(ports, fmt.Sprint(p.Port))
	}
	return strings.Join(ports, ", ")
}

// checkURL: an in-cluster URL names a Service and a port of it. Returns the Service port, or nil.
func (m *manifests) checkURL(r *report, owner, namespace string, u foundURL) (*corev1.Service, *corev1.ServicePort) {
	name, ns, inCluster := m.clusterService(u.host, namespace)
	if !inCluster {
		return nil, nil
	}
	if owner != "" {
		owner += ": "
	}
	s := m.service(name, ns)
	if s == nil {
		r.add("%s%s (%s) names Service %s in namespace %s, which is not defined", owner, u.where, u.raw, name, ns)
		return nil, nil
	}
	p := servicePort(s, u.port)
	if p == nil {
		r.add("%s%s (%s) names port %d of Service %s, which listens on %s only", owner, u.where, u.raw, u.port, name, portList(s))
		return nil, nil
	}
	return s, p
}

func (m *manifests) configMap(name, namespace string) *corev1.ConfigMap {
	for _, cm := range m.configMaps {
		if cm.Name == name && cm.Namespace == namespace {
			return cm
		}
	}
	return nil
}

func browserOnly(cm *corev1.ConfigMap, key string) bool {
	for _, listed := range strings.Split(cm.Annotations[browserOnlyKeys], ",") {
		if strings.TrimSpace(listed) == key {
			return true
		}
	}
	return false
}

func configMapURLs(cm *corev1.ConfigMap, keys []string) []foundURL {
	if keys == nil {
		for key := range cm.Data {
			keys = append(keys, key)
		}
		sort.Strings(keys)
	}
	var found []foundURL
	for _, key := range keys {
		found = append(found, urlsIn(cm.Data[key], fmt.Sprintf("%s in ConfigMap %s", key, cm.Name), browserOnly(cm, key))...)
	}
	return found
}

// podURLs: every URL the pods of a workload are given.
func (m *manifests) podURLs(w workload) []foundURL {
	var found []foundURL
	spec := w.pod.Spec
	for _, c := range append(append([]corev1.Container{}, spec.InitContainers...), spec.Containers...) {
		for _, env := range c.Env {
			if env.Value != "" {
				found = append(found, urlsIn(env.Value, fmt.Sprintf("env %s of container %s", env.Name, c.Name), false)...)
			}
			if env.ValueFrom != nil && env.ValueFrom.ConfigMapKeyRef != nil {
				if cm := m.configMap(env.ValueFrom.ConfigMapKeyRef.Name, w.namespace); cm != nil {
					found = append(found, configMapURLs(cm, []string{env.ValueFrom.ConfigMapKeyRef.Key})...)
				}
			}
		}
		for _, from := range c.EnvFrom {
			if from.ConfigMapRef != nil {
				if cm := m.configMap(from.ConfigMapRef.Name, w.namespace); cm != nil {
					found = append(found, configMapURLs(cm, nil)...)
				}
			}
		}
	}
	for _, v := range spec.Volumes {
		if v.ConfigMap == nil {
			continue
		}
		cm := m.configMap(v.ConfigMap.Name, w.namespace)
		if cm == nil {
			continue
		}
		var keys []string
		for _, item := range v.ConfigMap.Items {
			keys = append(keys, item.Key)
		}
		found = append(found, configMapURLs(cm, keys)...)
	}
	return found
}

func (m *manifests) workloads() []workload {
	var all []workload
	for _, d := range m.deployments {
		all = append(all, workload{"Deployment", d.Name, d.Namespace, &d.Spec.Template})
	}
	for _, j := range m.jobs {
		all = append(all, workload{"Job", j.Name, j.Namespace, &j.Spec.Template})
	}
	return all
}

func (m *manifests) podsOf(w workload) peer {
	return peer{namespace: w.namespace, nsLabels: m.namespaceLabels(w.namespace), labels: w.pod.Labels}
}

// The workloads whose pods a Service selects.
func (m *manifests) selected(s *corev1.Service) []workload {
	var found []workload
	for _, w := range m.workloads() {
		if w.kind == "Deployment" && w.namespace == s.Namespace && len(s.Spec.Selector) > 0 &&
			labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(w.pod.Labels)) {
			found = append(found, w)
		}
	}
	return found
}

// targetPort: the container port (number, name) a Service port reaches on a workload's pods.
func targetPort(w workload, p *corev1.ServicePort) (int32, string, bool) {
	target := p.TargetPort
	if target.Type == intstr.Int && target.IntVal == 0 {
		target = intstr.FromInt32(p.Port)
	}
	for _, c := range w.pod.Spec.Containers {
		for _, cp := range c.Ports {
			if (target.Type == intstr.String && cp.Name == target.StrVal) || (target.Type == intstr.Int && cp.ContainerPort == target.IntVal) {
				return cp.ContainerPort, cp.Name, true
			}
		}
	}
	return 0, "", false
}

func policyTypes(p *networkingv1.NetworkPolicy) map[networkingv1.PolicyType]bool {
	types := map[networkingv1.PolicyType]bool{}
	for _, t := range p.Spec.PolicyTypes {
		types[t] = true
	}
	if len(p.Spec.PolicyTypes) == 0 {
		types[networkingv1.PolicyTypeIngress] = true
		if len(p.Spec.Egress) > 0 {
			types[networkingv1.PolicyTypeEgress] = true
		}
	}
	return types
}

func matches(selector *metav1.LabelSelector, set map[string]string) bool {
	s, err := metav1.LabelSelectorAsSelector(selector)
	return err == nil && s.Matches(labels.Set(set))
}

func peerMatches(rule networkingv1.NetworkPolicyPeer, policyNamespace string, target peer) bool {
	if rule.IPBlock != nil {
		if !target.outside {
			return false
		}
		_, cidr, err := net.ParseCIDR(rule.IPBlock.CIDR)
		if err != nil {
			return false
		}
		if target.external != nil {
			return cidr.Contains(target.external)
		}
		// A host name resolves to addresses nobody knows offline: only "everywhere" surely holds it.
		ones, _ := cidr.Mask.Size()
		return ones == 0
	}
	if target.outside {
		return false
	}
	if rule.NamespaceSelector == nil {
		if target.namespace != policyNamespace {
			return false
		}
	} else if !matches(rule.NamespaceSelector, target.nsLabels) {
		return false
	}
	return rule.PodSelector == nil || target.anyPod || matches(rule.PodSelector, target.labels)
}

func portMatches(ports []networkingv1.NetworkPolicyPort, number int32, name string) bool {
	if len(ports) == 0 {
		return true
	}
	for _, p := range ports {
		if p.Protocol != nil && *p.Protocol != corev1.ProtocolTCP {
			continue
		}
		switch {
		case p.Port == nil:
			return true
		case p.Port.Type == intstr.String && name != "" && p.Port.StrVal == name:
			return true
		case p.Port.Type == intstr.Int && p.Port.IntVal == number:
			return true
		case p.Port.Type == intstr.Int && p.EndPort != nil && p.Port.IntVal <= number && number <= *p.EndPort:
			return true
		}
	}
	return false
}

// allowed: the policies selecting `subject` let it reach (egress) or be reached by (ingress) `other`
// on the destination's port. No policy of that direction selecting it: allowed.
func (m *manifests) allowed(direction networkingv1.PolicyType, subject, other peer, number int32, name string) bool {
	if subject.anyPod || subject.outside {
		return true // outside the manifests: not ours to check
	}
	selected := false
	for _, p := range m.policies {
		if p.Namespace != subject.namespace || !policyTypes(p)[direction] || !matches(&p.Spec.PodSelector, subject.labels) {
			continue
		}
		selected = true
		if direction == networkingv1.PolicyTypeEgress {
			for _, rule := range p.Spec.Egress {
				if portMatches(rule.Ports, number, name) && anyPeer(rule.To, p.Namespace, other) {
					return true
				}
			}
		} else {
			for _, rule := range p.Spec.Ingress {
				if portMatches(rule.Ports, number, name) && anyPeer(rule.From, p.Namespace, other) {
					return true
				}
			}
		}
	}
	return !selected
}

func anyPeer(peers []networkingv1.NetworkPolicyPeer, namespace string, target peer) bool {
	if len(peers) == 0 {
		return true
	}
	for _, p := range peers {
		if peerMatches(p, namespace, target) {
			return true
		}
	}
	return false
}

// checkPair: traffic from `from` to the pods of workload `to` on its container port.
func (m *manifests) checkPair(r *report, fromName string, from peer, to workload, number int32, portName, why string) {
	callee := m.podsOf(to)
	if !m.allowed(networkingv1.PolicyTypeEgress, from, callee, number, portName) {
		r.add("%s talks to %s %s on port %d (%s): no NetworkPolicy lets it out to them", fromName, to.kind, to.name, number, why)
	}
	if !m.allowed(networkingv1.PolicyTypeIngress, callee, from, number, portName) {
		r.add("%s talks to %s %s on port %d (%s): no NetworkPolicy of %s lets it in", fromName, to.kind, to.name, number, why, to.name)
	}
}

func outsideNamespace(name string) peer {
	return peer{namespace: name, nsLabels: map[string]string{"kubernetes.io/metadata.name": name}, anyPod: true}
}

func checkWiring(r *report, m *manifests) {
	// One problem per caller, callee and port, however many URLs name them.
	seen := map[string]bool{}
	once := func(key string) bool {
		if seen[key] {
			return false
		}
		seen[key] = true
		return true
	}
	// Every URL in a ConfigMap names a Service port that exists (whoever reads it).
	for _, cm := range m.configMaps {
		for _, u := range configMapURLs(cm, nil) {
			m.checkURL(r, "", cm.Namespace, u)
		}
	}
	for _, w := range m.workloads() {
		caller := fmt.Sprintf("%s %s", w.kind, w.name)
		from := m.podsOf(w)
		for _, u := range m.podURLs(w) {
			if u.browserOnly {
				continue
			}
			why := fmt.Sprintf("%s: %s", u.where, u.raw)
			if _, _, inCluster := m.clusterService(u.host, w.namespace); inCluster {
				if strings.HasPrefix(u.where, "env ") {
					m.checkURL(r, caller, w.namespace, u)
				}
				s := m.service(m.clusterServiceName(u.host, w.namespace))
				if s == nil {
					continue
				}
				p := servicePort(s, u.port)
				if p == nil {
					continue
				}
				for _, callee := range m.selected(s) {
					if number, name, ok := targetPort(callee, p); ok && once(fmt.Sprint(caller, callee.name, number)) {
						m.checkPair(r, caller, from, callee, number, name, why)
					}
				}
				continue
			}
			if u.host == "localhost" || (net.ParseIP(u.host) != nil && net.ParseIP(u.host).IsLoopback()) {
				continue
			}
			outside := peer{outside: true, external: net.ParseIP(u.host)}
			if once(fmt.Sprint(caller, u.host, u.port)) && !m.allowed(networkingv1.PolicyTypeEgress, from, outside, u.port, "") {
				r.add("%s talks to %s outside the cluster on port %d (%s): no NetworkPolicy lets it out", caller, u.host, u.port, why)
			}
		}
	}
	// The ingress controller reaches every Ingress backend.
	controller := outsideNamespace(ingressControllerNamespace)
	for _, route := range ingressRoutes(m) {
		backend := route.path.Backend.Service
		if backend == nil {
			continue
		}
		s := m.service(backend.Name, route.ingress.Namespace)
		if s == nil {
			continue
		}
		for i := range s.Spec.Ports {
			if !backendPort(backend, s.Spec.Ports[i]) {
				continue
			}
			for _, callee := range m.selected(s) {
				if number, name, ok := targetPort(callee, &s.Spec.Ports[i]); ok && once(fmt.Sprint("ingress", callee.name, number)) {
					m.checkPair(r, "the ingress controller (namespace "+ingressControllerNamespace+")", controller, callee, number, name,
						fmt.Sprintf("Ingress %s: %s%s", route.ingress.Name, route.rule.Host, route.path.Path))
				}
			}
		}
	}
}

func (m *manifests) clusterServiceName(host, from string) (string, string) {
	name, namespace, _ := m.clusterService(host, from)
	return name, namespace
}
