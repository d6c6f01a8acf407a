// Validates the Kubernetes manifests of infra/deploy offline: renders each kustomization with
// kustomize's own library (krusty), decodes every object STRICTLY into the official Kubernetes
// API types (an unknown or misspelt field, a wrong type or a duplicate key fails), then checks the
// shop's rules: pinned images, probes, resources, a locked-down securityContext on every container,
// secrets by reference only, a PodDisruptionBudget per Deployment, an autoscaler for the API, a
// default-deny NetworkPolicy whose allowances each name their peers and ports, Services and an
// Ingress that point at something that exists, the wiring between the pods (wiring.go: every URL
// names a Service port that exists, the NetworkPolicies let each pair that talks through), and
// FerretDB with authentication on and telemetry off; the ServiceMonitors, alert rules and
// ExternalSecrets (monitoring.go).
//
//	go run . --metrics=../k8s/components/monitoring/exported-metrics.json ../k8s/base ../k8s/overlays/production
package main

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// The kinds the shop deploys, each decoded into its official type.
var kinds = map[string]func() any{
	"v1/Namespace":                           func() any { return &corev1.Namespace{} },
	"v1/ConfigMap":                           func() any { return &corev1.ConfigMap{} },
	"v1/Service":                             func() any { return &corev1.Service{} },
	"v1/ServiceAccount":                      func() any { return &corev1.ServiceAccount{} },
	"apps/v1/Deployment":                     func() any { return &appsv1.Deployment{} },
	"batch/v1/Job":                           func() any { return &batchv1.Job{} },
	"autoscaling/v2/HorizontalPodAutoscaler": func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"policy/v1/PodDisruptionBudget":          func() any { return &policyv1.PodDisruptionBudget{} },
	"networking.k8s.io/v1/NetworkPolicy":     func() any { return &networkingv1.NetworkPolicy{} },
	"networking.k8s.io/v1/Ingress":           func() any { return &networkingv1.Ingress{} },
	// Custom resources of the operators the cluster runs (monitoring.go).
	"monitoring.coreos.com/v1/ServiceMonitor": func() any { return &monitoringv1.ServiceMonitor{} },
	"monitoring.coreos.com/v1/PrometheusRule": func() any { return &monitoringv1.PrometheusRule{} },
	"external-secrets.io/v1/ExternalSecret":   func() any { return &ExternalSecret{} },
}

// Names of settings that are secrets: they must come from a Secret, never a literal or a ConfigMap.
var secretName = regexp.MustCompile(`(?i)(SECRET|TOKEN|PASSWORD|COOKIE_KEYS|MONGODB_URI|SMTP_URL|POSTGRES(QL)?_URL|DATABASE_URL|PRIVATE|API_KEY)`)

// An image named with a tag or a digest (registry:port/name:tag, name@sha256:...), not :latest.
var pinnedImage = regexp.MustCompile(`^[^\s@]+(:[\w][\w.-]{0,127}(@sha256:[0-9a-f]{64})?|@sha256:[0-9a-f]{64})$`)

// FerretDB's values of FERRETDB_TELEMETRY that turn it off (internal/util/telemetry in its source).
var telemetryOff = map[string]bool{"0": true, "f": true, "false": true, "n": true, "no": true, "off": true,
	"disable": true, "disabled": true, "optout": true, "opt-out": true, "disallow": true, "forbid": true}

type manifests struct {
	deployments []*appsv1.Deployment
	services    []*corev1.Service
	hpas        []*autoscalingv2.HorizontalPodAutoscaler
	pdbs        []*policyv1.PodDisruptionBudget
	policies    []*networkingv1.NetworkPolicy
	ingresses   []*networkingv1.Ingress
	configMaps  []*corev1.ConfigMap
	accounts    map[string]*corev1.ServiceAccount
	namespaces  map[string]*corev1.Namespace
	jobs        []*batchv1.Job

	serviceMonitors []*monitoringv1.ServiceMonitor
	prometheusRules []*monitoringv1.PrometheusRule
	externalSecrets []*ExternalSecret
}

type report struct{ problems []string }

func (r *report) add(format string, args ...any) {
	r.problems = append(r.problems, fmt.Sprintf(format, args...))
}

func main() {
	var dirs []string
	var exported exportedMetrics
	for _, arg := range os.Args[1:] {
		if path, found := strings.CutPrefix(arg, "--metrics="); found {
			list, err := loadExportedMetrics(path)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			exported = list
			continue
		}
		dirs = append(dirs, arg)
	}
	if len(dirs) == 0 {
		fmt.Fprintln(os.Stderr, "usage: validate [--metrics=<exported metrics.json>] <kustomization dir>...")
		os.Exit(2)
	}
	failed := false
	for _, dir := range dirs {
		count, problems := validate(dir, exported)
		if len(problems) > 0 {
			failed = true
			fmt.Printf("FAIL %s (%d objects):\n", dir, count)
			for _, problem := range problems {
				fmt.Printf("  - %s\n", problem)
			}
			continue
		}
		fmt.Printf("ok   %s: %d objects, strict against k8s.io/api, every rule holds\n", dir, count)
	}
	if failed {
		os.Exit(1)
	}
}

func validate(dir string, exported exportedMetrics) (int, []string) {
	r := &report{}
	rendered, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return 0, []string{fmt.Sprintf("kustomize: %v", err)}
	}
	m := manifests{accounts: map[string]*corev1.ServiceAccount{}, namespaces: map[string]*corev1.Namespace{}}
	for _, res := range rendered.Resources() {
		id := fmt.Sprintf("%s/%s", res.GetApiVersion(), res.GetKind())
		name := fmt.Sprintf("%s %s", res.GetKind(), res.GetName())
		body, err := res.AsYAML()
		if err != nil {
			r.add("%s: %v", name, err)
			continue
		}
		if res.GetKind() == "Secret" {
			r.add("%s: secrets are referenced by name, never defined in the manifests", name)
			continue
		}
		factory, known := kinds[id]
		if !known {
			r.add("%s: %s is not a kind this validator knows (add its type to kinds)", name, id)
			continue
		}
		object := factory()
		if err := yaml.UnmarshalStrict(body, object); err != nil {
			r.add("%s: %v", name, err)
			continue
		}
		switch typed := object.(type) {
		case *appsv1.Deployment:
			m.deployments = append(m.deployments, typed)
		case *corev1.Service:
			m.services = append(m.services, typed)
		case *autoscalingv2.HorizontalPodAutoscaler:
			m.hpas = append(m.hpas, typed)
		case *policyv1.PodDisruptionBudget:
			m.pdbs = append(m.pdbs, typed)
		case *networkingv1.NetworkPolicy:
			m.policies = append(m.policies, typed)
		case *networkingv1.Ingress:
			m.ingresses = append(m.ingresses, typed)
		case *corev1.ConfigMap:
			m.configMaps = append(m.configMaps, typed)
		case *corev1.ServiceAccount:
			m.accounts[typed.Name] = typed
		case *corev1.Namespace:
			m.namespaces[typed.Name] = typed
		case *batchv1.Job:
			m.jobs = append(m.jobs, typed)
		case *monitoringv1.ServiceMonitor:
			m.serviceMonitors = append(m.serviceMonitors, typed)
		case *monitoringv1.PrometheusRule:
			m.prometheusRules = append(m.prometheusRules, typed)
		case *ExternalSecret:
			m.externalSecrets = append(m.externalSecrets, typed)
		}
	}
	checkDeployments(r, &m)
	checkJobs(r, &m)
	checkServicesAndIngress(r, &m)
	checkNetworkPolicies(r, &m)
	checkConfigMaps(r, &m)
	checkWiring(r, &m)
	checkMonitoring(r, &m, exported)
	checkExternalSecrets(r, &m)
	sort.Strings(r.problems)
	return rendered.Size(), r.problems
}

func checkDeployments(r *report, m *manifests) {
	if len(m.deployments) == 0 {
		r.add("no Deployment at all")
	}
	for _, d := range m.deployments {
		name := "Deployment " + d.Name
		selector, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
		if err != nil || selector.Empty() || !selector.Matches(labels.Set(d.Spec.Template.Labels)) {
			r.add("%s: its selector must be set and match its pod labels", name)
		}
		checkPod(r, m, name, d.Spec.Template.Spec, true)
		if !hasPDB(m, d) {
			r.add("%s: no PodDisruptionBudget selects its pods", name)
		}
		replicas := int32(1)
		if d.Spec.Replicas != nil {
			replicas = *d.Spec.Replicas
		}
		if replicas < 2 && !hasHPA(m, d) {
			r.add("%s: fewer than 2 replicas and no autoscaler: one node drain takes it down", name)
		}
	}
	for _, hpa := range m.hpas {
		ref := hpa.Spec.ScaleTargetRef
		if ref.Kind != "Deployment" || findDeployment(m, ref.Name) == nil {
			r.add("HorizontalPodAutoscaler %s: scales %s %s, which is not defined", hpa.Name, ref.Kind, ref.Name)
		}
		if hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas {
			r.add("HorizontalPodAutoscaler %s: minReplicas must be at least 2 and at most maxReplicas", hpa.Name)
		}
		if len(hpa.Spec.Metrics) == 0 {
			r.add("HorizontalPodAutoscaler %s: names no metric", hpa.Name)
		}
	}
	if api := findDeployment(m, "api"); api != nil && !hasHPA(m, api) {
		r.add("Deployment api: no HorizontalPodAutoscaler scales it")
	}
}

// checkPod: the pod template of a Deployment (serving: its containers need probes) or a Job.
func checkPod(r *report, m *manifests, name string, pod corev1.PodSpec, serving bool) {
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		r.add("%s: automountServiceAccountToken must be false (the apps never call the Kubernetes API)", name)
	}
	if pod.ServiceAccountName == "" || m.accounts[pod.ServiceAccountName] == nil {
		r.add("%s: needs a ServiceAccount of its own, defined here", name)
	}
	podSecurity := pod.SecurityContext
	if podSecurity == nil || podSecurity.RunAsNonRoot == nil || !*podSecurity.RunAsNonRoot {
		r.add("%s: pod securityContext.runAsNonRoot must be true", name)
	}
	if podSecurity == nil || podSecurity.SeccompProfile == nil || podSecurity.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		r.add("%s: pod securityContext.seccompProfile must be RuntimeDefault", name)
	}
	if len(pod.Containers) == 0 {
		r.add("%s: no container", name)
	}
	for _, c := range append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...) {
		checkContainer(r, fmt.Sprintf("%s container %s", name, c.Name), c, serving)
	}
}

// checkJobs: a Job runs to an end (a deadline, a bounded number of retries), leaves no pod
// restarting in place, and runs the version of the image a Deployment runs (the index Job builds
// the indexes of the API it ships with).
func checkJobs(r *report, m *manifests) {
	images := map[string]string{} // repository -> "image of Deployment x"
	for _, d := range m.deployments {
		for _, c := range d.Spec.Template.Spec.Containers {
			images[repository(c.Image)] = fmt.Sprintf("%s (Deployment %s)", c.Image, d.Name)
		}
	}
	for _, j := range m.jobs {
		name := "Job " + j.Name
		checkPod(r, m, name, j.Spec.Template.Spec, false)
		if j.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
			r.add("%s: restartPolicy must be Never (each retry a new pod, counted by backoffLimit)", name)
		}
		if j.Spec.BackoffLimit == nil || j.Spec.ActiveDeadlineSeconds == nil {
			r.add("%s: needs a backoffLimit and an activeDeadlineSeconds (it must end)", name)
		}
		for _, c := range j.Spec.Template.Spec.Containers {
			if deployed, found := images[repository(c.Image)]; found && !strings.HasPrefix(deployed, c.Image+" ") {
				r.add("%s container %s: runs %s but the release runs %s", name, c.Name, c.Image, deployed)
			}
		}
	}
}

// repository: an image without its tag and digest.
func repository(image string) string {
	name := strings.SplitN(image, "@", 2)[0]
	if colon := strings.LastIndex(name, ":"); colon > strings.LastIndex(name, "/") {
		name = name[:colon]
	}
	return name
}

func checkContainer(r *report, name string, c corev1.Container, serving bool) {
	if !pinnedImage.MatchString(c.Image) || strings.Contains(c.Image, ":latest") {
		r.add("%s: image %q must be pinned to a version tag or a digest (not :latest, not untagged)", name, c.Image)
	}
	if isFerretDB(c.Image) {
		checkFerretDB(r, name, c)
	}
	ports := map[string]bool{}
	for _, p := range c.Ports {
		ports[p.Name] = true
		ports[fmt.Sprint(p.ContainerPort)] = true
	}
	for kind, probe := range map[string]*corev1.Probe{"readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
		if !serving {
			continue
		}
		if probe == nil || probe.HTTPGet == nil {
			r.add("%s: needs an HTTP %s", name, kind)
			continue
		}
		// Ours are /health..., an upstream image's the Kubernetes names (FerretDB: /debug/livez, /debug/readyz).
		conventional := map[string]string{"readinessProbe": "/readyz", "livenessProbe": "/livez"}[kind]
		if !strings.HasPrefix(probe.HTTPGet.Path, "/health") && !strings.HasSuffix(probe.HTTPGet.Path, conventional) {
			r.add("%s: %s must ask a health endpoint, not %q", name, kind, probe.HTTPGet.Path)
		}
		if !ports[probe.HTTPGet.Port.String()] {
			r.add("%s: %s port %s is not a port of the container", name, kind, probe.HTTPGet.Port.String())
		}
	}
	if c.ReadinessProbe != nil && c.LivenessProbe != nil && c.ReadinessProbe.HTTPGet != nil && c.LivenessProbe.HTTPGet != nil &&
		c.LivenessProbe.HTTPGet.Path == "/health/ready" {
		r.add("%s: the liveness probe must not depend on the database (/health, not /health/ready)", name)
	}
	for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		request, hasRequest := c.Resources.Requests[res]
		limit, hasLimit := c.Resources.Limits[res]
		if !hasRequest || !hasLimit {
			r.add("%s: needs a %s request and limit", name, res)
		} else if request.Cmp(limit) > 0 || request.Cmp(resource.Quantity{}) <= 0 {
			r.add("%s: %s request must be positive and at most its limit", name, res)
		}
	}
	s := c.SecurityContext
	switch {
	case s == nil:
		r.add("%s: needs a securityContext", name)
	default:
		if s.RunAsNonRoot == nil || !*s.RunAsNonRoot {
			r.add("%s: securityContext.runAsNonRoot must be true", name)
		}
		if s.RunAsUser != nil && *s.RunAsUser == 0 {
			r.add("%s: runs as uid 0", name)
		}
		if s.ReadOnlyRootFilesystem == nil || !*s.ReadOnlyRootFilesystem {
			r.add("%s: securityContext.readOnlyRootFilesystem must be true", name)
		}
		if s.AllowPrivilegeEscalation == nil || *s.AllowPrivilegeEscalation {
			r.add("%s: securityContext.allowPrivilegeEscalation must be false", name)
		}
		if s.Privileged != nil && *s.Privileged {
			r.add("%s: must not be privileged", name)
		}
		if s.Capabilities == nil || len(s.Capabilities.Drop) != 1 || s.Capabilities.Drop[0] != "ALL" || len(s.Capabilities.Add) > 0 {
			r.add("%s: securityContext.capabilities must drop ALL and add none", name)
		}
	}
	for _, env := range c.Env {
		if secretName.MatchString(env.Name) && (env.ValueFrom == nil || env.ValueFrom.SecretKeyRef == nil) {
			r.add("%s: %s must come from a Secret (secretKeyRef), not a literal or a ConfigMap", name, env.Name)
		}
	}
	for _, from := range c.EnvFrom {
		if from.SecretRef != nil {
			r.add("%s: envFrom a whole Secret: reference each key with secretKeyRef instead", name)
		}
	}
}

// isFerretDB: the image is FerretDB's (ghcr.io/ferretdb/ferretdb, ferretdb/ferretdb, a mirror of it).
func isFerretDB(image string) bool {
	name := strings.SplitN(image, "@", 2)[0]
	name = name[strings.LastIndex(name, "/")+1:]
	return strings.SplitN(name, ":", 2)[0] == "ferretdb"
}

// checkFerretDB: authentication stays on (FERRETDB_AUTH, --no-auth), telemetry is off, and the
// PostgreSQL URL (with its credentials) comes from a Secret.
func checkFerretDB(r *report, name string, c corev1.Container) {
	env := map[string]corev1.EnvVar{}
	for _, e := range c.Env {
		env[e.Name] = e
	}
	for _, arg := range append(append([]string{}, c.Command...), c.Args...) {
		if arg == "--no-auth" || strings.HasPrefix(arg, "--auth=") || strings.HasPrefix(arg, "--telemetry") ||
			strings.HasPrefix(arg, "--postgresql-url") {
			r.add("%s: FerretDB's %s belongs in its environment, where it is checked", name, arg)
		}
	}
	if auth, set := env["FERRETDB_AUTH"]; set && (auth.ValueFrom != nil || !map[string]bool{"true": true, "1": true}[strings.ToLower(auth.Value)]) {
		r.add("%s: FERRETDB_AUTH must be left on (true): without it FerretDB accepts any connection", name)
	}
	if telemetry, set := env["FERRETDB_TELEMETRY"]; !set || telemetry.ValueFrom != nil || !telemetryOff[strings.ToLower(telemetry.Value)] {
		r.add("%s: FERRETDB_TELEMETRY must be set to disable (it reports to beacon.ferretdb.com otherwise)", name)
	}
	// A literal FERRETDB_POSTGRESQL_URL is refused by the secrets rule; unset, FerretDB would look
	// for PostgreSQL on its own loopback.
	_, url := env["FERRETDB_POSTGRESQL_URL"]
	_, file := env["FERRETDB_POSTGRESQL_URL_FILE"]
	if !url && !file {
		r.add("%s: FERRETDB_POSTGRESQL_URL must be set, from a Secret (secretKeyRef)", name)
	}
}

func hasPDB(m *manifests, d *appsv1.Deployment) bool {
	for _, pdb := range m.pdbs {
		selector, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector)
		if err == nil && !selector.Empty() && pdb.Namespace == d.Namespace && selector.Matches(labels.Set(d.Spec.Template.Labels)) {
			return pdb.Spec.MinAvailable != nil || pdb.Spec.MaxUnavailable != nil
		}
	}
	return false
}

func hasHPA(m *manifests, d *appsv1.Deployment) bool {
	for _, hpa := range m.hpas {
		if hpa.Spec.ScaleTargetRef.Kind == "Deployment" && hpa.Spec.ScaleTargetRef.Name == d.Name {
			return true
		}
	}
	return false
}

func findDeployment(m *manifests, name string) *appsv1.Deployment {
	for _, d := range m.deployments {
		if d.Name == name {
			return d
		}
	}
	return nil
}

func findService(m *manifests, name string) *corev1.Service {
	for _, s := range m.services {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// containerHasPort: the Service's targetPort (a name or a number) exists on a selected pod.
func containerHasPort(d *appsv1.Deployment, target intstr.IntOrString) bool {
	for _, c := range d.Spec.Template.Spec.Containers {
		for _, p := range c.Ports {
			if (target.Type == intstr.String && p.Name == target.StrVal) || (target.Type == intstr.Int && p.ContainerPort == target.IntVal) {
				return true
			}
		}
	}
	return false
}

func checkServicesAndIngress(r *report, m *manifests) {
	for _, s := range m.services {
		var selected *appsv1.Deployment
		for _, d := range m.deployments {
			if len(s.Spec.Selector) > 0 && labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(d.Spec.Template.Labels)) {
				selected = d
			}
		}
		if selected == nil {
			r.add("Service %s: selects no Deployment's pods", s.Name)
			continue
		}
		for _, p := range s.Spec.Ports {
			if !containerHasPort(selected, p.TargetPort) {
				r.add("Service %s: targetPort %s is not a port of Deployment %s", s.Name, p.TargetPort.String(), selected.Name)
			}
		}
	}
	if len(m.ingresses) == 0 {
		r.add("no Ingress: the shop is unreachable")
	}
	for _, ing := range m.ingresses {
		if len(ing.Spec.TLS) == 0 {
			r.add("Ingress %s: no TLS", ing.Name)
		}
	}
	for _, route := range ingressRoutes(m) {
		ing, rule, path, backend := route.ingress, route.rule, route.path, route.path.Backend.Service
		if backend == nil {
			r.add("Ingress %s: %s%s has no Service backend", ing.Name, rule.Host, path.Path)
			continue
		}
		service := findService(m, backend.Name)
		if service == nil {
			r.add("Ingress %s: %s%s goes to Service %s, which is not defined", ing.Name, rule.Host, path.Path, backend.Name)
			continue
		}
		found := false
		for _, p := range service.Spec.Ports {
			found = found || backendPort(backend, p)
		}
		if !found {
			r.add("Ingress %s: Service %s has no port %s%d", ing.Name, backend.Name, backend.Port.Name, backend.Port.Number)
		}
	}
}

type ingressRoute struct {
	ingress *networkingv1.Ingress
	rule    networkingv1.IngressRule
	path    networkingv1.HTTPIngressPath
}

// ingressRoutes: every host and path of every Ingress.
func ingressRoutes(m *manifests) []ingressRoute {
	var routes []ingressRoute
	for _, ing := range m.ingresses {
		for _, rule := range ing.Spec.Rules {
			if rule.HTTP == nil {
				continue
			}
			for _, path := range rule.HTTP.Paths {
				routes = append(routes, ingressRoute{ing, rule, path})
			}
		}
	}
	return routes
}

// backendPort: an Ingress backend names this Service port (by name or number).
func backendPort(backend *networkingv1.IngressServiceBackend, p corev1.ServicePort) bool {
	return (backend.Port.Name != "" && p.Name == backend.Port.Name) || (backend.Port.Number != 0 && p.Port == backend.Port.Number)
}

func checkNetworkPolicies(r *report, m *manifests) {
	defaultDeny := false
	for _, p := range m.policies {
		types := map[networkingv1.PolicyType]bool{}
		for _, t := range p.Spec.PolicyTypes {
			types[t] = true
		}
		if len(p.Spec.PodSelector.MatchLabels) == 0 && len(p.Spec.PodSelector.MatchExpressions) == 0 &&
			types[networkingv1.PolicyTypeIngress] && types[networkingv1.PolicyTypeEgress] &&
			len(p.Spec.Ingress) == 0 && len(p.Spec.Egress) == 0 {
			defaultDeny = true
		}
	}
	if !defaultDeny {
		r.add("no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)")
	}
	// Each allowance names who (an empty from/to is everyone) and which ports (none is every port).
	for _, p := range m.policies {
		name := "NetworkPolicy " + p.Name
		for i, rule := range p.Spec.Ingress {
			if len(rule.From) == 0 || len(rule.Ports) == 0 {
				r.add("%s: ingress rule %d must name its peers (from) and its ports", name, i)
			}
			checkPeers(r, fmt.Sprintf("%s: ingress rule %d", name, i), rule.From)
		}
		for i, rule := range p.Spec.Egress {
			if len(rule.To) == 0 || len(rule.Ports) == 0 {
				r.add("%s: egress rule %d must name its peers (to) and its ports", name, i)
			}
			checkPeers(r, fmt.Sprintf("%s: egress rule %d", name, i), rule.To)
		}
	}
	for _, d := range m.deployments {
		allowed := false
		for _, p := range m.policies {
			selector, err := metav1.LabelSelectorAsSelector(&p.Spec.PodSelector)
			if err == nil && !selector.Empty() && selector.Matches(labels.Set(d.Spec.Template.Labels)) && len(p.Spec.Ingress) > 0 {
				allowed = true
			}
		}
		if !allowed {
			r.add("Deployment %s: no NetworkPolicy lets any traffic in (it would be unreachable)", d.Name)
		}
	}
}

func checkPeers(r *report, name string, peers []networkingv1.NetworkPolicyPeer) {
	for _, peer := range peers {
		if peer.IPBlock == nil {
			continue
		}
		if peer.IPBlock.CIDR == "0.0.0.0/0" && !containsString(peer.IPBlock.Except, "169.254.169.254/32") {
			r.add("%s: 0.0.0.0/0 must except the cloud metadata address 169.254.169.254/32", name)
		}
	}
}

func containsString(list []string, value string) bool {
	for _, item := range list {
		if item == value {
			return true
		}
	}
	return false
}

func checkConfigMaps(r *report, m *manifests) {
	for _, cm := range m.configMaps {
		for key := range cm.Data {
			if secretName.MatchString(key) {
				r.add("ConfigMap %s: %s looks like a secret: reference a Secret instead", cm.Name, key)
			}
		}
	}
}
