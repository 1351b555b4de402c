// placeholder, filled by issue 4 work
