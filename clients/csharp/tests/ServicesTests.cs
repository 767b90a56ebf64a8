using System.Linq;
using System.Reflection;
using Cardrules.Client;
using Cardrules.V1;

namespace Cardrules.Tests
{
    /// <summary>Every service of the contract is a property of CardrulesClient (Generated/CardrulesClient.g.cs),
    /// named as the README's naming table says (cardrules.v1.SamLocService: <c>SamLoc</c>), and set.</summary>
    public static class ServicesTests
    {
        public static void TestCardrulesClientHasAPropertyPerService()
        {
            var services = RpcMethods.All.Select(method => method.Service).Distinct().ToList();
            Assert.True(services.Count >= 2, "the contract's services: " + string.Join(", ", services));
            var client = new CardrulesClient(new ScriptedTransport()); // never called: the properties are only read
            var properties = typeof(CardrulesClient).GetProperties(BindingFlags.Public | BindingFlags.Instance)
                .Where(property => property.PropertyType.Name.EndsWith("ServiceClient"))
                .ToList();
            Assert.Equal(services.Count, properties.Count, "one property per service");
            foreach (var service in services)
            {
                var name = service.Substring("cardrules.v1.".Length);
                var property = typeof(CardrulesClient).GetProperty(name.Substring(0, name.Length - "Service".Length));
                Assert.True(property != null, "a property for " + service);
                Assert.Equal(name + "Client", property.PropertyType.Name, service);
                Assert.True(property.GetValue(client) != null, service + " is set");
            }
        }
    }
}
