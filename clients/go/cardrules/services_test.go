package cardrules

import (
	"reflect"
	"strings"
	"testing"
)

// Every service of the contract is a field of Client, named as the README's naming table says (SamLocService:
// SamLoc), and NewClient sets it: services.gen.go is generated from the descriptors, Services read from them.
func TestClientHasAFieldPerService(t *testing.T) {
	client, err := NewClient("127.0.0.1:1") // never called: the fields are only inspected
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	value := reflect.ValueOf(client).Elem()
	fields := 0
	for i := 0; i < value.NumField(); i++ {
		if value.Type().Field(i).IsExported() {
			fields++
		}
	}
	if fields != len(Services) {
		t.Errorf("Client has %d exported fields, the contract %d services (%v)", fields, len(Services), Services)
	}
	for _, service := range Services {
		name := strings.TrimSuffix(strings.TrimPrefix(service, "cardrules.v1."), "Service")
		field := value.FieldByName(name)
		if !field.IsValid() {
			t.Errorf("%s: Client has no field %s", service, name)
			continue
		}
		stub := field.Type().Name()
		if stub != name+"ServiceClient" || field.IsNil() {
			t.Errorf("%s: Client.%s is a %s (nil: %v), want a cardrulesv1.%sServiceClient", service, name, stub,
				field.IsNil(), name)
		}
	}
}
