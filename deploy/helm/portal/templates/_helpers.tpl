{{- define "portal.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "portal.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "portal.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The environment of the portal and of the migration job: values.config, then each secret as a file. */}}
{{- define "portal.env" -}}
{{- range $name, $value := .Values.config }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- range $name, $key := .Values.secrets.files }}
- name: {{ $name }}_FILE
  value: {{ printf "%s/%s" $.Values.secrets.mountPath $key | quote }}
{{- end }}
{{- end -}}

{{- define "portal.secretVolume" -}}
- name: secrets
  secret:
    secretName: {{ .Values.secrets.existingSecret }}
    defaultMode: 0440
{{- end -}}

{{/* The workers' pods: labels of their own, so that neither the Service nor the disruption budget selects them. */}}
{{- define "portal.workerSelectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}-worker
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Prometheus's usual pod annotations, with the metrics on. */}}
{{- define "portal.metricsAnnotations" -}}
{{- if and .Values.metrics.enabled .Values.metrics.podAnnotations }}
annotations:
  prometheus.io/scrape: "true"
  prometheus.io/port: "9464"
  prometheus.io/path: /metrics
{{- end }}
{{- end -}}
